#!/bin/sh
# Benchmarks the tool against the system's Valgrind 3.19 Cachegrind.
#
# Builds five workloads (sqlite3 running an SQL script, xz -6 on 1 MB of
# binary data, a pure-Python loop, a matrix traversal and a branchy C
# program), then for each option set runs them natively, under
# --tool=none, under the installed Cachegrind and under ours, interleaved
# (A B A B ...), and prints the median wall times, their ratios, and the
# median of the runs' own ratios of ours to the installed tool ("per-run").  Both
# tools' profiles are compared, line for line, on every run: a ratio is
# worthless if the counts differ.  Peak memory (max RSS) is reported for
# both tools.
#
# usage: sh bench/bench-tool.sh BUILDDIR [RUNS]   (RUNS defaults to 5)
# BENCH_WORKLOADS="xz sqlite3" limits the workloads, BENCH_SETS="1 3" the
# option sets (1 default, 2 --branch-sim=yes, 3 --cache-sim=no, 4 both).
# Two more workloads, not run unless named there, are start-up alone:
# python3-start (python3 -S -c pass) and sqlite3-start (one SELECT).
# BENCH_RAW=FILE appends every run's times to FILE, a line per run
# ("workload options: native none refs ours"), to show how far a host's
# speed wanders between the runs behind a median.
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
usage="usage: sh bench/bench-tool.sh BUILDDIR [RUNS]"
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "$usage" >&2; exit 2; fi
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/workloads.sh"
require_runs "$runs"
require_build_folder "$1"
build=$(cd "$1" && pwd)
find_system_valgrind "$build"

make_tool_folder vgl-ours "$build"
make_tool_folder vgl-refs

make_workloads

printf '%-13s %-31s %7s %7s %7s %7s %8s %8s %8s %8s %8s\n' workload options native \
  none refs ours ours/ref per-run ours/none "MB refs" "MB ours"
for set in ${BENCH_SETS:-1 2 3 4}; do
  case $set in
  1) opts="" ;;
  2) opts="--branch-sim=yes" ;;
  3) opts="--cache-sim=no" ;;
  4) opts="--cache-sim=no --branch-sim=yes" ;;
  *) echo "bench: no option set $set" >&2; exit 2 ;;
  esac
  for w in ${BENCH_WORKLOADS:-sqlite3 xz python3 matrix branchy}; do
    cmd=$(workload_command "$w") || exit 2
    : > "$work/t.native"; : > "$work/t.none"; : > "$work/t.refs"; : > "$work/t.ours"
    : > "$work/m.refs"; : > "$work/m.ours"; : > "$work/r.ours"
    r=0
    while [ $r -lt "$runs" ]; do
      # Each run's times are kept in variables as well as in the files of
      # the medians: the run's own ratio and BENCH_RAW's line need them.
      # shellcheck disable=SC2086
      native_time=$(timed $cmd | cut -d' ' -f1)
      # shellcheck disable=SC2086
      none_time=$(timed "$valgrind" --tool=none $cmd | cut -d' ' -f1)
      # shellcheck disable=SC2086
      set -- $(run_tool vgl-refs refs.out "$bench_caches $opts" $cmd)
      require_profile refs.out
      refs_time=$1; echo "$2" >> "$work/m.refs"
      # shellcheck disable=SC2086
      set -- $(run_tool vgl-ours ours.out "$bench_caches $opts" $cmd)
      require_profile ours.out
      ours_time=$1; echo "$2" >> "$work/m.ours"
      require_same_counts ours.out refs.out "$w (${opts:-default options})"
      echo "$native_time" >> "$work/t.native"; echo "$none_time" >> "$work/t.none"
      echo "$refs_time" >> "$work/t.refs"; echo "$ours_time" >> "$work/t.ours"
      # This run's own ratio, ours against the installed tool's run just
      # before it: on a host whose speed wanders for minutes at a time,
      # their median holds better than the ratio of the two medians.
      awk -v u="$ours_time" -v r="$refs_time" 'BEGIN { print u / r }' >> "$work/r.ours"
      if [ -n "${BENCH_RAW:-}" ]; then
        echo "$w ${opts:-(default)}: $native_time $none_time $refs_time $ours_time" >> "$BENCH_RAW"
      fi
      r=$((r + 1))
    done
    native=$(median < "$work/t.native"); none=$(median < "$work/t.none")
    refs=$(median < "$work/t.refs"); ours=$(median < "$work/t.ours")
    mrefs=$(median < "$work/m.refs"); mours=$(median < "$work/m.ours")
    paired=$(median < "$work/r.ours")
    awk -v w="$w" -v o="${opts:-(default)}" -v n="$native" -v z="$none" -v r="$refs" \
        -v u="$ours" -v p="$paired" -v mr="$mrefs" -v mu="$mours" 'BEGIN {
      printf "%-13s %-31s %7.2f %7.2f %7.2f %7.2f %8.2f %8.2f %8.2f %8.1f %8.1f\n",
             w, o, n, z, r, u, u / r, p, u / z, mr / 1024, mu / 1024 }'
  done
done
echo "(medians of $runs interleaved runs; counts of both tools identical on every run)"
