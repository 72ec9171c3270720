#!/bin/sh
# Benchmarks the profile reader and cg_merge on a large synthetic profile.
#
# Compiles bench/gen-profile.c, makes two profiles of MEGABYTES each (same
# files, functions and lines, different counts), then times, RUNS times
# each and interleaved, reporting the median wall time:
#   - the reader alone: "cg_diff big big" reads the file twice and keeps
#     only per-function totals, so its output is tiny (throughput = twice
#     the size over the time);
#   - the reader keeping every line: "cg_merge -o /dev/null big";
#   - our cg_merge against the installed Valgrind 3.19 /usr/bin/cg_merge
#     on the two profiles ("-o FILE big1 big2"), with the ratio.
# The two merges' summary lines and numbers of count lines are compared
# first: a ratio is worthless if the results differ.
#
# usage: sh bench/bench-profile.sh BUILDDIR [MEGABYTES [RUNS]]
#   MEGABYTES defaults to 110, RUNS to 3.  The target is a reader of at
#   least 200 MB/s.
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
if [ $# -lt 1 ]; then
	echo "usage: sh bench/bench-profile.sh BUILDDIR [MEGABYTES [RUNS]]" >&2
	exit 2
fi
build=$(cd "$1" && pwd)
megabytes=${2:-110}
runs=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for program in "$build/cg_merge" "$build/cg_diff" /usr/bin/cg_merge; do
	[ -x "$program" ] || { echo "bench-profile: $program not found" >&2; exit 1; }
done

gcc -O2 -o "$work/gen-profile" "$here/gen-profile.c"
"$work/gen-profile" "$megabytes" 1 >"$work/big1.cgout"
"$work/gen-profile" "$megabytes" 2 >"$work/big2.cgout"
size=$(wc -c <"$work/big1.cgout")
size2=$(wc -c <"$work/big2.cgout")
count_lines=$(grep -c '^[0-9]' "$work/big1.cgout")
printf 'profile: %s bytes (%.1f MB), %s count lines, 9 events; two of them\n' \
	"$size" "$(echo "$size" | awk '{ print $1 / 1e6 }')" "$count_lines"

# now_ms: the wall clock in milliseconds.
now_ms() { date +%s%3N; }

# timed FILE COMMAND...: runs COMMAND (stdout to /dev/null, stderr kept
# apart) and appends its wall time in ms to FILE; stops on failure.
timed() {
	times=$1
	shift
	start=$(now_ms)
	if ! "$@" >/dev/null 2>"$work/stderr"; then
		echo "bench-profile: failed: $* ($(head -1 "$work/stderr"))" >&2
		exit 1
	fi
	echo $(($(now_ms) - start)) >>"$times"
}

median() { sort -n "$1" | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'; }

# Same results first.
"$build/cg_merge" -o "$work/ours.cgout" "$work/big1.cgout" "$work/big2.cgout"
/usr/bin/cg_merge -o "$work/ref.cgout" "$work/big1.cgout" "$work/big2.cgout" 2>/dev/null
ours_summary=$(sed -n 's/^summary: *//p' "$work/ours.cgout" | sed 's/ *$//')
ref_summary=$(sed -n 's/^summary: *//p' "$work/ref.cgout" | sed 's/ *$//')
if [ "$ours_summary" != "$ref_summary" ] ||
	[ "$(grep -c '^[0-9]' "$work/ours.cgout")" != "$(grep -c '^[0-9]' "$work/ref.cgout")" ]; then
	echo "bench-profile: the two merges differ; no timing" >&2
	exit 1
fi
rm -f "$work/ours.cgout" "$work/ref.cgout"

run=0
while [ "$run" -lt "$runs" ]; do
	timed "$work/diff.ms" "$build/cg_diff" "$work/big1.cgout" "$work/big1.cgout"
	timed "$work/read.ms" "$build/cg_merge" -o /dev/null "$work/big1.cgout"
	timed "$work/ours.ms" "$build/cg_merge" -o "$work/out.cgout" "$work/big1.cgout" "$work/big2.cgout"
	timed "$work/ref.ms" /usr/bin/cg_merge -o "$work/out.cgout" "$work/big1.cgout" "$work/big2.cgout"
	run=$((run + 1))
done

diff_ms=$(median "$work/diff.ms")
read_ms=$(median "$work/read.ms")
ours_ms=$(median "$work/ours.ms")
ref_ms=$(median "$work/ref.ms")
echo "median of $runs runs:"
awk -v size="$size" -v size2="$size2" -v diff="$diff_ms" -v read="$read_ms" \
	-v ours="$ours_ms" -v ref="$ref_ms" 'BEGIN {
	printf "reader, per-function totals (cg_diff big big):   %6.3f s  %6.0f MB/s  (target 200)\n", diff / 1000, 2 * size / 1e6 / (diff / 1000)
	printf "reader, every line kept (cg_merge -o /dev/null):  %6.3f s  %6.0f MB/s\n", read / 1000, size / 1e6 / (read / 1000)
	printf "cg_merge big1 big2, ours:                         %6.3f s  %6.0f MB/s\n", ours / 1000, (size + size2) / 1e6 / (ours / 1000)
	printf "cg_merge big1 big2, Valgrind 3.19:                %6.3f s  %6.0f MB/s\n", ref / 1000, (size + size2) / 1e6 / (ref / 1000)
	printf "ratio ours / 3.19: %.2f (%.1fx faster)\n", ours / ref, ref / ours
}'
