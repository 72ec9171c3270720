#!/bin/sh
# Hunts for count differences with programs nobody wrote: csmith's random
# C programs, each compiled with one of several sets of compiler flags and
# run under the installed Valgrind's Cachegrind and this build's
# (vg-side-by-side, same environment) with one of three cache
# configurations, branch simulation on in two of them, or with the cache
# simulation off and branch simulation on (Ir counted without tests).
# The differential suite runs chosen workloads; these reach code
# generation it may not (odd loop shapes, vector code from -march, 32-bit
# code, volatile accesses), so a difference found here is a bug the suite
# lacks a case for.
#
# A program is only compared if it ends by itself within a second natively
# (csmith's programs may loop for ever) with status 0.  Seeds make a run
# reproducible with one csmith version; another version makes other
# programs.  A program whose profiles differ is kept, with its source, the
# two profiles and the command, in random-programs/SEED/ of the current
# folder.  Flag sets: RANDOM_PROGRAM_FLAGS, separated by ';'.
#
# usage: random-programs.sh BUILDDIR COUNT [FIRST-SEED]
# Exit status: 0 no program differed, 1 one or more did, 2 no run made.
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
me=random-programs.sh

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $me BUILDDIR COUNT [FIRST-SEED]" >&2
	exit 2
fi
build=$1 count=$2 seed=${3:-1}
case $count$seed in
*[!0-9]*)
	echo "$me: error: COUNT and FIRST-SEED must be numbers" >&2
	exit 2 ;;
esac
side_by_side=$(cd "$build" 2>/dev/null && pwd)/vg-side-by-side
if [ ! -x "$side_by_side" ]; then
	echo "$me: error: $build/vg-side-by-side not found: configure and make BUILDDIR first" >&2
	exit 2
fi
include=/usr/include/csmith
if ! command -v csmith >/dev/null || [ ! -r "$include/csmith.h" ]; then
	echo "$me: error: csmith and its header are needed (apt-get install csmith libcsmith-dev)" >&2
	exit 2
fi

flag_sets=${RANDOM_PROGRAM_FLAGS:-"-O0;-O1;-O2;-O3;-Os;-O3 -march=haswell -funroll-loops;-O2 -march=x86-64-v3 -flto;-O2 -fPIC -fstack-protector-all;-m32 -O0;-m32 -O2;-m32 -O3 -msse2 -mfpmath=sse"}
sets=$(echo "$flag_sets" | tr ';' '\n')
set_count=$(echo "$sets" | wc -l)

work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 2' HUP INT TERM

# Builds and compares the program of one seed: status 0 identical, 1
# different (kept, and said), 3 not compared.
compare_seed() { # SEED
	flags=$(echo "$sets" | sed -n "$(($1 % set_count + 1))p")
	case $(($1 % 4)) in
	0) caches="--I1=4096,2,64 --D1=8192,4,32 --LL=65536,8,64 --branch-sim=yes" ;;
	1) caches="--I1=8192,1,128 --D1=65536,16,32 --LL=196608,3,64" ;;
	2) caches="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64 --branch-sim=yes" ;;
	*) caches="--cache-sim=no --branch-sim=yes" ;;
	esac
	rm -rf "${work:?}"/*
	# csmith leaves a platform.info in the folder it runs in.
	(cd "$work" && csmith --seed "$1" >p.c 2>/dev/null) || return 3
	# shellcheck disable=SC2086 # the flags are words
	gcc $flags -w -I"$include" -o "$work/p" "$work/p.c" 2>/dev/null || return 3
	timeout 1 "$work/p" >/dev/null 2>&1 || return 3
	# shellcheck disable=SC2086 # the options are words
	(cd "$work" && timeout 600 "$side_by_side" $caches ./p \
		</dev/null >report 2>&1) && return 0
	kept=random-programs/$1
	mkdir -p "$kept" && cp "$work"/p.c "$work"/report "$work"/cachegrind.out.* "$kept"/ 2>/dev/null
	echo "gcc $flags -w -I$include -o p p.c && $side_by_side $caches ./p" >"$kept/command"
	why=$(grep -m 1 '^first difference\|error' "$work/report" || tail -n 1 "$work/report")
	echo "seed $1 ($flags; $caches): $why"
	return 1
}

same=0 different=0 skipped=0 last=$((seed + count))
while [ "$seed" -lt "$last" ]; do
	compare_seed "$seed"
	case $? in
	0) same=$((same + 1)) ;;
	1) different=$((different + 1)) ;;
	*) skipped=$((skipped + 1)) ;;
	esac
	seed=$((seed + 1))
done
echo "$same identical, $different different, $skipped not compared (would not build or end by itself)"
[ "$different" -eq 0 ]
