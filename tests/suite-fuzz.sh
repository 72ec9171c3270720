#!/bin/sh
# The fuzzing suite: runs each libFuzzer target of fuzz/ ("make fuzz", one
# target at a time) for FUZZ_SECONDS seconds (default 60) from the seed
# corpus and the regression inputs.  A target passes when it ran its time
# and found no crash, leak, hang or sanitizer report; a failure names the
# input libFuzzer kept (BUILDDIR/fuzz-out/KIND-*), which then belongs in
# tests/fuzz-regressions/KIND/.
#
# usage: sh tests/suite-fuzz.sh SRCDIR BUILDDIR
#   BUILDDIR is a configured build folder.
# Prints one "PASS fuzz/target" or "FAIL fuzz/target: why" line per target.
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 SRCDIR BUILDDIR" >&2
	exit 2
fi
builddir=$(cd "$2" && pwd) || exit 2
seconds=${FUZZ_SECONDS:-60}
log=$(mktemp) || exit 2
trap 'rm -f "$log"' EXIT

for target in fuzz_profile fuzz_subst; do
	if make -s -C "$builddir" fuzz FUZZ_TARGETS="$target" \
		FUZZ_SECONDS="$seconds" >"$log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		echo "PASS fuzz/$target: ${runs:-?} inputs in $seconds s"
	else
		# The log's last line says what failed and where the input is.
		echo "FAIL fuzz/$target: $(grep -v '^ *$' "$log" | tail -n 1)"
	fi
done

# Its failures are its FAIL lines: reaching this end is a clean end (see
# run-all.sh, which counts any other end as a failure).
exit 0
