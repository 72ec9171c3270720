# bench/workloads.sh: the benchmark workloads and the timing helpers shared
# by bench-tool.sh (ours against the installed Cachegrind) and
# bench-builds.sh (one build of ours against another).  Sourced, with
# $here (this folder) and $work (a scratch folder the caller removes) set.
# SPDX-License-Identifier: GPL-2.0-or-later

# shellcheck disable=SC1091 # in this tree
. "$here/../tools/system-valgrind.sh"

# Stops with status 2 unless RUNS is a positive whole number.
require_runs() { # runs
  case $1 in
  ''|*[!0-9]*|0) echo "bench: RUNS must be a positive number, not '$1'" >&2; exit 2 ;;
  esac
}

# Stops with status 2 unless FOLDER holds a built tool.
require_build_folder() { # folder
  if [ ! -f "$1/cachegrind-amd64-linux" ]; then
    echo "bench: $1: no cachegrind-amd64-linux (not a build folder?)" >&2
    exit 2
  fi
}

# Sets $valgrind and $valgrind_libexec: the system's Valgrind launcher and
# tool folder, as configure found them for build folder BUILD (not a
# "valgrind" first on PATH, which may be this tool's installed wrapper).
find_system_valgrind() { # build
  valgrind=$(system_valgrind "$1")
  valgrind_libexec=$(system_libexec "$1")
}

# Python hashes strings with a random key unless told not to, which changes
# the work it does from run to run.
export PYTHONHASHSEED=0

# The same caches for every tool and build, whatever the host has.
bench_caches="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

# Builds the C workloads and writes the inputs into $work.
make_workloads() {
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
}

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
  *) echo "bench: no workload '$1'" >&2; return 2 ;;
  esac
}

# Makes the tool folder $work/NAME: the installed Valgrind's tools with the
# cachegrind of build folder BUILD, or, without BUILD, all as installed
# (find_system_valgrind first).  Callers give their folders names of one
# length, so that the clients see environments of the same size.
make_tool_folder() { # name [build]
  mkdir -p "$work/$1"
  if [ $# -ge 2 ]; then
    sh "$here/../tools/make-tool-folder.sh" "$work/$1" "$valgrind_libexec" \
      "$2" cachegrind-amd64-linux
  else
    for f in "$valgrind_libexec"/*; do ln -s "$f" "$work/$1/"; done
  fi
}

# Runs one command; prints "seconds max-rss-kB".
timed() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" </dev/null
  cat "$work/time"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Runs the command under the Cachegrind of tool folder $work/FOLDER, the
# profile going to $work/OUT (any earlier one removed first, so that a run
# that writes none is not judged by its predecessor's); prints what
# timed() does.
run_tool() { # folder out options command...
  folder=$1 out=$2 opts=$3
  shift 3
  rm -f "$work/$out"
  # shellcheck disable=SC2086
  VALGRIND_LIB=$work/$folder timed "$valgrind" --tool=cachegrind $opts \
    --cachegrind-out-file="$work/$out" "$@"
}

# Stops the benchmark if the run just made wrote no profile $work/OUT,
# showing the end of what the run said.
require_profile() { # out
  if ! grep -q '^summary:' "$work/$1" 2>/dev/null; then
    echo "bench: a run wrote no profile $1; the end of its messages:" >&2
    tail -n 5 "$work/stderr" >&2
    exit 1
  fi
}

# Stops the benchmark unless profiles $work/A and $work/B hold the same
# counts, line for line; WHAT says which runs (for the message).
require_same_counts() { # a b what
  difference=$(awk -f "$here/../tools/compare-profiles.awk" "$work/$1" "$work/$2")
  if [ -n "$difference" ]; then
    echo "bench: $3: the counts differ: $difference" >&2
    exit 1
  fi
}
