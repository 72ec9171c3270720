#!/bin/sh
# Benchmarks the tool against the system's Valgrind 3.19 Cachegrind.
#
# Builds five workloads (sqlite3 running an SQL script, xz -6 on 1 MB of
# binary data, a pure-Python loop, a matrix traversal and a branchy C
# program), then for each option set runs them natively, under
# --tool=none, under the installed Cachegrind and under ours, interleaved
# (A B A B ...), and prints the median wall times and the ratios.  Both
# tools' summary lines are compared on every run: a ratio is worthless if
# the counts differ.  Peak memory (max RSS) is reported for both tools.
#
# usage: sh bench/bench-tool.sh BUILDDIR [RUNS]   (RUNS defaults to 5)
# BENCH_WORKLOADS="xz sqlite3" limits the workloads, BENCH_SETS="1 3" the
# option sets (1 default, 2 --branch-sim=yes, 3 --cache-sim=no, 4 both).
# Two more workloads, not run unless named there, are start-up alone:
# python3-start (python3 -S -c pass) and sqlite3-start (one SELECT).
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
build=$(cd "$1" && pwd)
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Python hashes strings with a random key unless told not to, which changes
# the work it does from run to run.
export PYTHONHASHSEED=0

# Two tool folders whose paths have the same length, so that the clients
# see environments of the same size.
mkdir -p "$work/vgl-ours" "$work/vgl-refs"
sh "$here/../tools/make-tool-folder.sh" "$work/vgl-ours" /usr/libexec/valgrind \
  "$build" cachegrind-amd64-linux
for f in /usr/libexec/valgrind/*; do ln -s "$f" "$work/vgl-refs/"; done

gcc -O2 -g -o "$work/matrix" "$here/workloads/matrix.c"
gcc -O2 -g -o "$work/branchy" "$here/workloads/branchy.c"
head -c 1048576 /usr/bin/gcc > "$work/data.bin" 2>/dev/null ||
  dd if=/dev/urandom of="$work/data.bin" bs=1024 count=1024 2>/dev/null
{
  echo "create table t(a integer, b text);"
  echo "begin;"
  i=0
  while [ $i -lt 100000 ]; do echo "insert into t values($i, 'row$i');"; i=$((i + 1)); done
  echo "commit;"
  echo "select count(*), sum(a) from t where b like '%7%';"
} > "$work/script.sql"

# The system's own programs, by full path: a "python3" found first on PATH
# may be a shell-script shim (pyenv), and the tools would then measure the
# shell while the real interpreter ran natively after its exec.
workload_command() {
  case $1 in
  sqlite3) echo "/usr/bin/sqlite3 :memory: -init $work/script.sql .quit" ;;
  xz)      echo "/usr/bin/xz -6 -c $work/data.bin" ;;
  python3) echo "/usr/bin/python3 -S -B $here/workloads/loop.py" ;;
  python3-start) echo "/usr/bin/python3 -S -B -c pass" ;;
  sqlite3-start) echo "/usr/bin/sqlite3 :memory: select(1);" ;;
  matrix)  echo "$work/matrix" ;;
  branchy) echo "$work/branchy" ;;
  esac
}

# Runs one command; prints "seconds max-rss-kB".
timed() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" </dev/null
  cat "$work/time"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

run_tool() { # folder out options command...
  folder=$1 out=$2 opts=$3
  shift 3
  # shellcheck disable=SC2086
  VALGRIND_LIB=$work/$folder timed valgrind --tool=cachegrind $opts \
    --cachegrind-out-file="$work/$out" "$@"
}

printf '%-13s %-28s %7s %7s %7s %7s %7s %7s %8s %8s\n' workload options native \
  none refs ours ours/ref ours/none "MB refs" "MB ours"
caches="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"
for set in ${BENCH_SETS:-1 2 3 4}; do
  case $set in
  1) opts="" ;;
  2) opts="--branch-sim=yes" ;;
  3) opts="--cache-sim=no" ;;
  4) opts="--cache-sim=no --branch-sim=yes" ;;
  *) echo "bench: no option set $set" >&2; exit 2 ;;
  esac
  for w in ${BENCH_WORKLOADS:-sqlite3 xz python3 matrix branchy}; do
    cmd=$(workload_command "$w")
    : > "$work/t.native"; : > "$work/t.none"; : > "$work/t.refs"; : > "$work/t.ours"
    : > "$work/m.refs"; : > "$work/m.ours"
    r=0
    while [ $r -lt "$runs" ]; do
      # shellcheck disable=SC2086
      timed $cmd | cut -d' ' -f1 >> "$work/t.native"
      # shellcheck disable=SC2086
      timed valgrind --tool=none $cmd | cut -d' ' -f1 >> "$work/t.none"
      # shellcheck disable=SC2086
      set -- $(run_tool vgl-refs refs.out "$caches $opts" $cmd)
      echo "$1" >> "$work/t.refs"; echo "$2" >> "$work/m.refs"
      # shellcheck disable=SC2086
      set -- $(run_tool vgl-ours ours.out "$caches $opts" $cmd)
      echo "$1" >> "$work/t.ours"; echo "$2" >> "$work/m.ours"
      if [ "$(grep '^summary:' "$work/refs.out")" != "$(grep '^summary:' "$work/ours.out")" ]; then
        echo "bench: $w ($opts): the two tools' counts differ" >&2
        exit 1
      fi
      r=$((r + 1))
    done
    native=$(median < "$work/t.native"); none=$(median < "$work/t.none")
    refs=$(median < "$work/t.refs"); ours=$(median < "$work/t.ours")
    mrefs=$(median < "$work/m.refs"); mours=$(median < "$work/m.ours")
    awk -v w="$w" -v o="${opts:-(default)}" -v n="$native" -v z="$none" -v r="$refs" \
        -v u="$ours" -v mr="$mrefs" -v mu="$mours" 'BEGIN {
      printf "%-13s %-28s %7.2f %7.2f %7.2f %7.2f %8.2f %8.2f %8.1f %8.1f\n",
             w, o, n, z, r, u, u / r, u / z, mr / 1024, mu / 1024 }'
  done
done
echo "(medians of $runs interleaved runs; counts of both tools identical on every run)"
