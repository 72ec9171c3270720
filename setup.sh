#!/bin/sh
# Quick start, step 1: installs what building needs and is missing
# (Debian, as root), builds the tool in this folder, then profiles the
# bundled example and prints its annotated report.  (run-tests.sh installs
# what the tests need besides.)
set -eu
cd "$(dirname "$0")"
sh tools/build-in-place.sh build
gcc -g -O1 -o examples/matrix examples/matrix.c
./vg-in-place --tool=cachegrind --cachegrind-out-file=examples/cachegrind.out.matrix \
  examples/matrix
./cg_annotate examples/cachegrind.out.matrix
