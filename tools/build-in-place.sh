#!/bin/sh
# Installs what is missing and builds in the source folder (configuring it
# first if needed): the common first half of setup.sh and run-tests.sh.
# usage: sh tools/build-in-place.sh [build|all]  (what to install, as
# tools/install-deps.sh takes it)
set -eu
cd "$(dirname "$0")/.."
sh tools/install-deps.sh "${1:-all}"
[ -x configure ] || autoreconf -fi
[ -f Makefile ] || ./configure
make
