#!/bin/sh
# The reference cases of tests/golden: cg_annotate, cg_diff and cg_merge
# must reproduce each case's stdout, exit status and (where given) stderr
# byte for byte.
#
# usage: sh tests/suite-golden.sh SRCDIR BUILDDIR [CASE...]
#   BUILDDIR (or any folder) holding cg_annotate, cg_diff and cg_merge.
#   VERBOSE=1 shows the differences of failing cases.
set -u
src=$(cd "$1" && pwd) || exit 2
bin=$(cd "$2" && pwd) || exit 2
shift 2
cases=$src/tests/golden
if [ $# -eq 0 ]; then
  set -- $(cd "$cases" && for d in */; do
    [ -f "$d/cmd" ] && echo "${d%/}"; done)
fi

scratch=$(mktemp -d) || exit 2
trap 'rm -rf "$scratch"' EXIT
export COLUMNS=80 LC_ALL=C
unset LANG LANGUAGE 2>/dev/null || :

for c in "$@"; do
  work=$scratch/$c
  mkdir -p "$work"
  cp -R "$cases/$c/." "$work/"
  rm -f "$work"/expected.*
  (cd "$work" && PATH="$bin:$PATH" timeout 60 sh cmd \
     >"$scratch/$c.stdout" 2>"$scratch/$c.stderr")
  status=$?
  why=
  cmp -s "$scratch/$c.stdout" "$cases/$c/expected.stdout" || why="$why stdout"
  [ "$status" = "$(cat "$cases/$c/expected.status")" ] ||
    why="$why status($status, expected $(cat "$cases/$c/expected.status"))"
  if [ -f "$cases/$c/expected.stderr" ] &&
     ! cmp -s "$scratch/$c.stderr" "$cases/$c/expected.stderr"; then
    why="$why stderr"
  fi
  if [ -z "$why" ]; then
    echo "PASS golden/$c"
  else
    echo "FAIL golden/$c:$why"
    if [ "${VERBOSE:-0}" = 1 ]; then
      diff -u "$cases/$c/expected.stdout" "$scratch/$c.stdout" | head -40
      head -20 "$scratch/$c.stderr"
    fi
  fi
done

# Its failures are its FAIL lines: reaching this end is a clean end (see
# run-all.sh, which counts any other end as a failure).
exit 0
