#!/bin/sh
# Remakes the real profiles the profiles suite reads (tests/profiles/*.cgout)
# with the installed Valgrind 3.19 Cachegrind.  The suite never runs this:
# the profiles are committed, so its results do not depend on the host's
# Valgrind or libc; run it by hand only to refresh them.
#
#   w1, w2, w3   v1/work.c with arguments 1, 2 and 3 (same files and
#                functions, different counts: the merge inputs)
#   v2           v2/work.c with argument 2 (a changed loop test, and
#                sum_primes_v2 for sum_primes_v1): the diff partner of w2
#   br           v1/work.c with argument 2 and --branch-sim=yes (13 events)
#
# The programs are built with -fdebug-prefix-map so that the profiles name
# ./v1/work.c and ./v2/work.c, whatever folder this runs in.
#
# usage: sh tests/profiles/make-profiles.sh
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -R "$here/v1" "$here/v2" "$scratch/"
cd "$scratch"
for version in v1 v2; do
	gcc -g -O1 -fdebug-prefix-map="$scratch"=. -o "$version/work" \
		"$version/work.c"
done
profile() { # profile NAME ARGUMENTS...
	name=$1
	shift
	valgrind --tool=cachegrind --cachegrind-out-file="$here/$name.cgout" \
		"$@" >/dev/null 2>&1
}
profile w1 v1/work 1
profile w2 v1/work 2
profile w3 v1/work 3
profile v2 v2/work 2
profile br --branch-sim=yes v1/work 2
chmod 644 "$here"/*.cgout
