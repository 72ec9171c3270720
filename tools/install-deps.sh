#!/bin/sh
# Installs, on a Debian machine, the packages this project needs, when they
# are missing: with "build", those building it (the tool, its x86 build
# included, and the programs); with "all" (the default), those its tests
# run as well.  Run as root; does nothing when all is there already, so
# that a user who is not root and has them can build and test.  On a
# system without Debian's package tools it checks nothing and says so.
# usage: sh tools/install-deps.sh [build|all]
set -eu
build_packages="gcc make autoconf automake pkgconf valgrind libpcre2-dev
  gcc-multilib"
test_packages="g++ sqlite3 xz-utils python3 time util-linux clang strace
  fp-compiler ocaml csmith libcsmith-dev"
wanted=${1:-all}
case $wanted in
build) packages=$build_packages ;;
all) packages="$build_packages $test_packages" ;;
*) echo "usage: sh tools/install-deps.sh [build|all]" >&2; exit 2 ;;
esac
# Elsewhere than on Debian the packages have other names and another
# installer: nothing is checked, and configure, then the tests, name what
# is missing.
if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: no dpkg-query (not a Debian system?): packages not checked; configure and the tests say what is missing" >&2
  exit 0
fi
missing=
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing="$missing $p"
done
# The Rust workload's compiler: Debian's, unless one is on PATH already
# (rustup's, say).
if [ "$wanted" = all ]; then
  command -v rustc >/dev/null 2>&1 || missing="$missing rustc"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "install-deps: missing packages:$missing (run as root to install them)" >&2
  exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
# A mirror caught mid-sync can fail the update of a list or two (seen with
# a foreign architecture's); the lists already here may still hold every
# package wanted, and if not, the install below says which it cannot find.
apt-get update -qq ||
  echo "install-deps: apt-get update failed; installing from the package lists already here" >&2
# shellcheck disable=SC2086
apt-get install -y -qq $missing >/dev/null
