#!/bin/sh
# Installs, on a Debian machine, every package building and testing this
# project needs, when it is missing.  Run as root; does nothing when all is
# there already.
set -eu
packages="gcc g++ make autoconf automake pkgconf valgrind libpcre2-dev
  gcc-multilib sqlite3 xz-utils python3 time util-linux clang"
missing=
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing="$missing $p"
done
# The Rust workload's compiler: Debian's, unless one is on PATH already
# (rustup's, say).
command -v rustc >/dev/null 2>&1 || missing="$missing rustc"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "install-deps: missing packages:$missing (run as root to install them)" >&2
  exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq $missing >/dev/null
