#!/bin/sh
# Checks the suite's own comparers on a small hand-written profile and
# stderr log, so that a FAIL line of the differential suite can be trusted
# to name the right (file, fn, line) and event.  Prints one
# "PASS comparer/..." or "FAIL comparer/...: why" line per check.
#
# usage: check-comparer.sh SRCDIR WORKDIR
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
here=$1/tests/differential
comparer=$1/tools/compare-profiles.awk
work=$2
mkdir -p "$work" || exit 1

cat >"$work/refs.cg.out" <<'EOF_PROFILE'
desc: I1 cache:         32768 B, 64 B, 8-way associative
desc: D1 cache:         32768 B, 64 B, 8-way associative
desc: LL cache:         8388608 B, 64 B, 16-way associative
cmd: ./prog
events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw 
fl=a.c
fn=main
3 10 1 1 4 2 1 2 0 0
7 5 0 0 1 1 1 0 0 0
fn=zeta
2 1 0 0 0 0 0 1 1 1
fl=b.c
fn=helper
9 4 1 0 2 0 0 0 0 0
summary: 20 2 1 7 3 2 3 1 1
EOF_PROFILE

# check NAME EXPECTED SED-SCRIPT: runs the profile comparer on the
# reference edited by SED-SCRIPT and expects EXPECTED, exactly.
check() {
	sed "$3" "$work/refs.cg.out" >"$work/ours.cg.out"
	got=$(awk -f "$comparer" "$work/ours.cg.out" "$work/refs.cg.out")
	if [ "$got" = "$2" ]; then
		echo "PASS comparer/$1"
	else
		echo "FAIL comparer/$1: expected '$2', got '$got'"
	fi
}

check identical "" ""
check one-count "fl=a.c fn=main line 7: D1mr ours 2, refs 1 (1 of 4 lines differ; summary differs in D1mr)" \
	's/^7 5 0 0 1 1 1/7 5 0 0 1 2 1/; s/^summary: 20 2 1 7 3/summary: 20 2 1 7 4/'
check missing-line "fl=b.c fn=helper line 9: only in refs (counts 4 1 0 2 0 0 0 0 0) (1 of 4 lines differ; summary differs in Ir)" \
	'/^9 /d; s/^summary: 20/summary: 16/'
check extra-line "fl=a.c fn=zeta line 5: only in ours (counts 0 0 0 0 0 0 0 0 0) (1 of 4 lines differ, 1 only in ours)" \
	'/^2 1 0/a\
5 0 0 0 0 0 0 0 0 0'
check header "header line 5: ours 'events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw', refs 'events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw '" \
	's/^\(events: .*\) $/\1/'
check layout-repeated-fn "same counts, but file line 9 differs: ours 'fn=main', refs '7 5 0 0 1 1 1 0 0 0'" \
	'/^7 5/i\
fn=main'
check layout-order "same counts, but file line 8 differs: ours '7 5 0 0 1 1 1 0 0 0', refs '3 10 1 1 4 2 1 2 0 0'" \
	'/^3 10/{h;d}; /^7 5/G'
check bad-syntax "ours line 9 is not profile syntax: '7 5 0 0 1 1 1 0 0 0 junk'" 's/^7 5 0 0 1 1 1 0 0 0$/& junk/'

# The stderr normaliser: pids by order of appearance, no copyright line, no
# lines about the tool binary (its separate debug file among them).
printf '%s\n' '==41== Cachegrind, a cache and branch-prediction profiler' \
	'==41== Copyright (C) someone' '--41-- warning: x' \
	'--41-- Valgrind library directory: /b/tests/out/vgl-ours' \
	'--41-- Reading syms from /b/cachegrind-amd64-linux' '--41--   Considering /d/b6.debug ..' \
	'--41--   .. build-id is valid' '--41--    object has no symbols' \
	'--41--  transtab: new 5 (10 -> 99)' '--41-- Reading syms from /b/x' '--41--    svma 0' \
	'client output' '==97== I   refs:      5' '==41== I   refs:      9' >"$work/stderr"
expected=$(printf '%s\n' '==PID1== Cachegrind, a cache and branch-prediction profiler' \
	'--PID1-- warning: x' '--PID1-- Valgrind library directory: /b/tests/out/vgl-SIDE' \
	'--PID1-- Reading syms from /b/x' '--PID1--    svma 0' \
	'client output' '==PID2== I   refs:      5' '==PID1== I   refs:      9')
got=$(awk -f "$here/normalise-stderr.awk" "$work/stderr")
if [ "$got" = "$expected" ]; then
	echo "PASS comparer/stderr-normalised"
else
	echo "FAIL comparer/stderr-normalised: got '$got'"
fi
