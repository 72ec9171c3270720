#!/bin/sh
# Times two builds of the tool against each other, for measuring a change:
# for each workload, runs it under build A and under build B in turn,
# checks that both builds give identical counts on every run, and prints
# the median times and the median of the per-round ratios B/A.  The order
# swaps every round (A B, then B A), so that a drift of the machine's speed
# weighs on both builds alike; on a machine whose speed wanders, the median
# of the paired ratios is steadier than the ratio of the medians.
#
# usage: sh bench/bench-builds.sh BUILD_A BUILD_B [RUNS]  (RUNS defaults to 7)
# BENCH_WORKLOADS picks the workloads (default "sqlite3 xz python3"; the
# names of bench-tool.sh), BENCH_OPTIONS adds tool options to both builds'
# runs (e.g. "--branch-sim=yes").
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
usage="usage: sh bench/bench-builds.sh BUILD_A BUILD_B [RUNS]"
if [ $# -lt 2 ] || [ $# -gt 3 ]; then echo "$usage" >&2; exit 2; fi
runs=${3:-7}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/workloads.sh"
require_runs "$runs"
require_build_folder "$1"
require_build_folder "$2"
build_a=$(cd "$1" && pwd)
build_b=$(cd "$2" && pwd)
find_system_valgrind "$build_a"

make_tool_folder vgl-a "$build_a"
make_tool_folder vgl-b "$build_b"
make_workloads

opts=${BENCH_OPTIONS:-}
printf '%-13s %-31s %7s %7s %7s %15s\n' workload options A B B/A "B/A range"
for w in ${BENCH_WORKLOADS:-sqlite3 xz python3}; do
  cmd=$(workload_command "$w") || exit 2
  : > "$work/t.a"; : > "$work/t.b"; : > "$work/ratios"
  r=0
  while [ $r -lt "$runs" ]; do
    if [ $((r % 2)) -eq 0 ]; then order="a b"; else order="b a"; fi
    for x in $order; do
      # shellcheck disable=SC2086
      run_tool "vgl-$x" "$x.out" "$bench_caches $opts" $cmd | cut -d' ' -f1 > "$work/this.$x"
      require_profile "$x.out"
      cat "$work/this.$x" >> "$work/t.$x"
    done
    require_same_counts b.out a.out "$w (${opts:-default options})"
    awk -v a="$(cat "$work/this.a")" -v b="$(cat "$work/this.b")" \
      'BEGIN { printf "%.4f\n", b / a }' >> "$work/ratios"
    r=$((r + 1))
  done
  sort -n "$work/ratios" > "$work/ratios.sorted"
  awk -v w="$w" -v o="${opts:-(default)}" -v a="$(median < "$work/t.a")" \
      -v b="$(median < "$work/t.b")" -v p="$(median < "$work/ratios")" \
      -v lo="$(head -n 1 "$work/ratios.sorted")" -v hi="$(tail -n 1 "$work/ratios.sorted")" \
      'BEGIN { printf "%-13s %-31s %7.2f %7.2f %7.3f %7.3f..%.3f\n", w, o, a, b, p, lo, hi }'
done
echo "(medians of $runs runs of each build, in alternating order; B/A is the median of the per-round ratios; counts of both builds identical on every run)"
