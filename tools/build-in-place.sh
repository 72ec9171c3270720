#!/bin/sh
# Installs what is missing and builds in the source folder (configuring it
# first if needed): the common first half of setup.sh and run-tests.sh.
set -eu
cd "$(dirname "$0")/.."
sh tools/install-deps.sh
[ -x configure ] || autoreconf -fi
[ -f Makefile ] || ./configure
make
