#!/bin/sh
# Quick start, step 2: installs what is missing, builds if needed, and runs
# every test suite; the last line is "N passed, N failed".
set -eu
cd "$(dirname "$0")"
sh tools/build-in-place.sh all
exec sh tests/run-all.sh "$PWD" "$PWD" "$@"
