#!/bin/sh
# Runs every test suite (tests/suite-*.sh) against a build folder, passes
# their PASS/FAIL lines through, and ends with the totals line
# "N passed, N failed".  Exits non-zero if anything failed or nothing ran.
# A suite that does not end with status 0 (it died, or gave up before its
# tests) counts as one failure more: a suite reports its failures as FAIL
# lines and exits 0 once it has run to its end.
#
# usage: sh tests/run-all.sh SRCDIR BUILDDIR [SUITE...]
#   SUITE names a suite without its prefix and suffix (e.g. "profiles");
#   by default every suite runs.
set -u
if [ $# -lt 2 ]; then
  echo "usage: sh tests/run-all.sh SRCDIR BUILDDIR [SUITE...]" >&2
  exit 2
fi
srcdir=$(cd "$1" && pwd) || exit 2
builddir=$(cd "$2" && pwd) || exit 2
shift 2
if [ $# -eq 0 ]; then
  set -- $(cd "$srcdir/tests" && for f in suite-*.sh; do
    [ -f "$f" ] && { f=${f#suite-}; echo "${f%.sh}"; }; done)
fi

log=$(mktemp) || exit 2
ended=$(mktemp) || exit 2
trap 'rm -f "$log" "$ended"' EXIT
for suite in "$@"; do
  echo "== suite $suite"
  : >"$ended"
  { sh "$srcdir/tests/suite-$suite.sh" "$srcdir" "$builddir" 2>&1
    echo $? >"$ended"; } | tee -a "$log"
  status=$(cat "$ended")
  if [ "$status" != 0 ]; then
    echo "FAIL $suite/suite-ended: status ${status:-unknown}" | tee -a "$log"
  fi
done
passed=$(grep -c '^PASS ' "$log")
failed=$(grep -c '^FAIL ' "$log")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
