#!/bin/sh
# Benchmarks our cg_annotate against the system's (Valgrind 3.19's, Perl)
# on two profiles, in the same run: a synthetic one of MEGABYTES (default
# 110) with thousands of files and functions, made by gen-profile.c, and a
# real one, written by our tool for python3 running a loop.  Prints wall
# time and peak memory (max RSS) of both, and the ratios; the goals are a
# report of a 100 MB profile in under 2 s with peak memory under half the
# profile's size.  Each program runs RUNS times (default 3); medians.
#
# A time below the clock's 0.01 s shows as 0.00 and its speed ratio as
# n/a.
#
# usage: sh bench/bench-annotate.sh BUILDDIR [MEGABYTES] [RUNS]
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
usage="usage: sh bench/bench-annotate.sh BUILDDIR [MEGABYTES] [RUNS]"
if [ $# -lt 1 ] || [ $# -gt 3 ]; then echo "$usage" >&2; exit 2; fi
megabytes=${2:-110}
runs=${3:-3}
for number in "$megabytes" "$runs"; do
  case $number in
  ''|*[!0-9]*|0) echo "bench: MEGABYTES and RUNS must be positive numbers, not '$number'" >&2; exit 2 ;;
  esac
done
if [ ! -x "$1/cg_annotate" ]; then
  echo "bench: $1: no cg_annotate (not a build folder?)" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

gcc -O2 -o "$work/gen-profile" "$here/gen-profile.c"
"$work/gen-profile" "$megabytes" 1 >"$work/synthetic.cgout"
"$build/vg-in-place" --tool=cachegrind --cachegrind-out-file="$work/real.cgout" \
  /usr/bin/python3 "$here/workloads/loop.py" >/dev/null 2>&1

# median of the numbers on stdin
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# measure PROGRAM PROFILE: "seconds kilobytes" medians over the runs,
# programs interleaved by the caller.
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$1" "$2" >"$work/report" 2>/dev/null ||
    { echo "$1 failed on $2" >&2; exit 1; }
  cat "$work/time"
}

printf '%-10s %8s | %9s %9s | %9s %9s | %7s %9s %11s\n' profile MB \
  "ours s" "ours MB" "3.19 s" "3.19 MB" "speed" "memory" "peak/size"
for profile in synthetic real; do
  file=$work/$profile.cgout
  touch "$file"
  : >"$work/ours" && : >"$work/theirs"
  i=0
  while [ $i -lt "$runs" ]; do
    measure "$build/cg_annotate" "$file" >>"$work/ours"
    measure /usr/bin/cg_annotate "$file" >>"$work/theirs"
    i=$((i + 1))
  done
  size=$(wc -c <"$file")
  ours_s=$(cut -d' ' -f1 "$work/ours" | median)
  ours_kb=$(cut -d' ' -f2 "$work/ours" | median)
  theirs_s=$(cut -d' ' -f1 "$work/theirs" | median)
  theirs_kb=$(cut -d' ' -f2 "$work/theirs" | median)
  awk -v p="$profile" -v size="$size" -v os="$ours_s" -v ok="$ours_kb" \
      -v ts="$theirs_s" -v tk="$theirs_kb" 'BEGIN {
    speed = os > 0 ? sprintf("%6.1fx", ts / os) : "    n/a"
    printf "%-10s %8.1f | %9.2f %9.1f | %9.2f %9.1f | %7s %8.1fx %11.3f\n",
      p, size / 1048576, os, ok / 1024, ts, tk / 1024,
      speed, (ok > 0 ? tk / ok : 0), ok * 1024 / size }'
done
echo "speed and memory: how many times faster and smaller ours is"
