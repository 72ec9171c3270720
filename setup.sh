#!/bin/sh
# Quick start, step 1: installs what is missing (Debian, as root), builds
# the tool and the programs in this folder, then profiles the bundled
# example and annotates it.
set -eu
cd "$(dirname "$0")"
sh tools/install-deps.sh
[ -x configure ] || autoreconf -fi
[ -f Makefile ] || ./configure
make
gcc -g -O1 -o examples/matrix examples/matrix.c
./vg-in-place --tool=cachegrind --cachegrind-out-file=examples/cachegrind.out.matrix \
  examples/matrix
./cg_annotate examples/cachegrind.out.matrix
