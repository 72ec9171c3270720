#!/bin/sh
# cg_annotate beyond the reference cases: what the older cg_annotate could
# do (source files named on the command line, -I folders, per-event
# thresholds, "%" after the threshold, "." counts), the inputs it must
# tolerate (CRLF, fi=/fe=, profiles written by Valgrind 3.19's tools and by
# ours, raw non-UTF-8 names), and clean errors where a one-line message is
# due.  The profiles and sources come from tests/golden.
#
# usage: sh tests/suite-annotate.sh SRCDIR BUILDDIR
set -u
src=$(cd "$1" && pwd) || exit 2
build=$(cd "$2" && pwd) || exit 2
golden=$src/tests/golden
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
export LC_ALL=C COLUMNS=80
annotate=$build/cg_annotate

pass() { echo "PASS annotate/$1"; }
fail() { echo "FAIL annotate/$1: $2"; }

# A fresh copy of a reference case's folder, profiles newer than sources.
fixture() {
  rm -rf "$work/$2"
  cp -R "$golden/$1" "$work/$2"
  touch "$work/$2"/*.cgout
  echo "$work/$2"
}

# The report without its Invocation line, which echoes the options.
report() {
  "$annotate" "$@" | grep -v '^Invocation:'
}

# check NAME COMMAND...: passes if the command succeeds.
check() {
  name=$1
  shift
  if "$@" >"$work/out" 2>&1; then pass "$name"; else
    fail "$name" "$(head -c 300 "$work/out" | tr '\n' '|')"; fi
}

# The section of the annotated source file $1 in the report $2, up to the
# next heading.
section() {
  awk -v heading="-- Annotated source file: $1" '
    $0 == heading { inside = 1; next }
    inside && /^-- / { exit }
    inside { print }' "$2"
}

# ---- what the older cg_annotate could do --------------------------------

multi=$(fixture r09-multi-context3 multi)
cd "$multi" || exit 2

# With --threshold=20 only util.c is annotated; naming main.c adds it, and
# its counts move from "below threshold" to "annotated", the annotation
# summary's labels saying that a name chose it.
user_annotated() {
  "$annotate" --threshold=20 multi.cgout >plain.txt || return 1
  "$annotate" --threshold=20 multi.cgout main.c >named.txt || return 1
  ! grep -q '^-- Annotated source file: ././main.c$' plain.txt &&
    grep -q '^-- Annotated source file: ././main.c$' named.txt &&
    grep -q '^-- Annotated source file: ././util.c$' named.txt &&
    [ "$(grep -c 'below threshold' plain.txt)" = 1 ] &&
    grep -q 'annotated: files known & above threshold or named & readable, line numbers known$' named.txt &&
    ! grep 'unannotated: files known & below threshold & not named$' named.txt | grep -q '^ *0 ' &&
    [ "$(grep 'below threshold' plain.txt | sed 's/ *unannotated.*//')" != \
      "$(grep 'below threshold' named.txt | sed 's/ *unannotated.*//')" ]
}
check user-annotated-source user_annotated

# With --no-annotate (--auto=no), a named source is still annotated, and
# only it, as with the older cg_annotate's --auto=no: the section the same
# as when annotating, the files the threshold chose left out (their counts
# then under "not named"), the metadata saying so.
# main.c's section, up to the heading after it.
main_c_section() {
  sed -n '\%^-- Annotated source file: ././main.c$%,/^-- /p' "$1" | sed '$d'
}
only_named_annotated() {
  for option in --no-annotate --auto=no; do
    "$annotate" $option multi.cgout main.c >only.txt || return 1
    "$annotate" multi.cgout main.c >all.txt || return 1
    [ "$(grep -c '^-- Annotated source file:' only.txt)" = 1 ] &&
      [ -n "$(main_c_section only.txt)" ] &&
      [ "$(main_c_section only.txt)" = "$(main_c_section all.txt)" ] &&
      grep -q '^Annotation: *named source files only$' only.txt &&
      grep -q 'annotated: files known & named & readable, line numbers known$' only.txt &&
      grep 'unannotated: files known & not named$' only.txt | grep -qv '^ *0 ' || return 1
    "$annotate" $option multi.cgout >plain.txt || return 1
    ! grep -q 'Annotat.*source file\|Annotation summary' plain.txt &&
      grep -q '^Annotation: *off$' plain.txt || return 1
  done
}
check only-named-annotated-without-annotate only_named_annotated

# A named source that no file of the profile matches gets its section,
# which says so, as the older cg_annotate said it (it was left empty); the
# annotation summary is the same as without it, but for its labels, which
# say that names choose files too.
user_source_without_data() {
  printf 'int unused;\n' >unused.c
  "$annotate" --threshold=20 multi.cgout unused.c >unused.txt || return 1
  "$annotate" --threshold=20 multi.cgout >plain.txt || return 1
  sed -n '/^-- Annotated source file: unused.c$/,/^-- /p' unused.txt |
    grep -q '^No information has been collected for unused.c$' &&
    [ "$(sed -n '/Annotation summary/,$p' unused.txt |
        sed 's/above threshold or named/above threshold/; s/below threshold & not named/below threshold/')" = \
      "$(sed -n '/Annotation summary/,$p' plain.txt)" ]
}
check user-source-without-data user_source_without_data

# Sources named from outside the build folder whose relative names the
# profile holds: "src/util/f.c" named from the project's folder matches
# the profile's "./../src/util/f.c" (as its last path components), which
# cannot be found from there, and is read in its place, the report saying
# so (named "./src/util/f.c" too, from a profile read through a pipe); so
# is a header of nothing
# but preprocessor lines and CR LF line ends (not taken for a profile),
# and with --mod-filename, a source that two originals renamed to one name
# end in, neither found.  From the build folder, "util/f.c" is found only
# under -I ../src, and is a source all the same; a pipe under an -I
# folder is not opened (it would wait for a writer) and so not a source.
# A name that two files of the profile end in ("x.c", another file)
# stands in for neither: the one that cannot be found stays unreadable.
named_sources_elsewhere() {
  rm -rf project && mkdir -p project/build project/src/util project/inc ||
    return 1
  printf 'int f(int x)\n{\n    return x * 2;\n}\n' >project/src/util/f.c
  printf '#ifndef CFG_H\r\n#define CFG_H\r\n#define N 100\r\n#endif\r\n' >project/src/cfg.h
  printf 'int x;\n' >project/src/x.c
  printf 'int y;\n' >project/x.c
  printf 'int m;\n' >project/src/m.c
  mkfifo project/inc/pipe.c || return 1
  printf 'cmd: ./prog\nevents: Ir\nfl=./../src/util/f.c\nfn=f\n3 40\nfl=./../src/cfg.h\nfn=g\n3 5\nfl=./../src/main.c\nfn=main\n1 955\nfl=src/x.c\nfn=h\n1 7\nfl=/no/such/x.c\nfn=k\n1 9\nsummary: 1016\n' \
    >project/build/cg.out
  printf 'cmd: ./prog\nevents: Ir\nfl=./../v1/m.c\nfn=m\n1 3\nfl=./../v2/m.c\nfn=m\n1 4\nsummary: 7\n' \
    >project/build/versions.out
  (cd project &&
    "$annotate" --threshold=20 build/cg.out src/util/f.c src/cfg.h x.c \
      >../elsewhere.txt &&
    "$annotate" --threshold=20 /dev/stdin ./src/util/f.c <build/cg.out \
      >../piped.txt &&
    "$annotate" --mod-filename='s/v[12]/src/' build/versions.out src/m.c \
      >../versions.txt) || return 1
  (cd project/build &&
    "$annotate" --threshold=20 -I ../src cg.out util/f.c >../../include.txt) ||
    return 1
  (cd project && timeout 60 "$annotate" -I inc build/cg.out pipe.c \
    >../pipe.txt 2>&1)
  [ $? = 1 ] &&
    grep -q "^cg_annotate: error: \\[Errno 2\\] No such file or directory: 'pipe.c'$" pipe.txt &&
    section './../src/util/f.c' elsewhere.txt |
    grep -q '^Read from src/util/f.c, named on the command line.$' &&
    section './../src/util/f.c' elsewhere.txt |
    grep -q '^40 (3.9%)      return x \* 2;$' &&
    [ "$(section './../src/util/f.c' piped.txt)" = \
      "$(section './../src/util/f.c' elsewhere.txt | sed 's%^Read from %&./%')" ] &&
    section './../src/cfg.h' elsewhere.txt | grep -q '^5 (0.5%)  #define N 100$' &&
    section 'src/x.c' elsewhere.txt | grep -q '^7 (0.7%)  int x;$' &&
    section '/no/such/x.c' elsewhere.txt | grep -q '^- /no/such/x.c$' &&
    section './../src/main.c' elsewhere.txt | grep -q '^- ./../src/main.c$' &&
    section './../src/m.c' versions.txt | grep -q '^7 (100.0%)  int m;$' &&
    section './../src/util/f.c' include.txt |
    grep -q '^40 (3.9%)      return x \* 2;$' &&
    ! section './../src/util/f.c' include.txt | grep -q '^Read from'
}
check named-sources-elsewhere named_sources_elsewhere

# A source that is not a regular file is unreadable, not read: a device
# that never ends (/dev/zero filled the memory) and a pipe no one writes
# to (opening it waited for a writer).
special_sources() {
  rm -f pipe.c && mkfifo pipe.c || return 1
  printf 'cmd: c\nevents: A\nfl=pipe.c\nfn=f\n1 5\nfl=/dev/zero\nfn=g\n1 5\nsummary: 10\n' >special.cgout
  timeout 60 "$annotate" special.cgout >special.txt || return 1
  grep -A1 'unreadable:$' special.txt | grep -q '^- pipe.c$' &&
  grep -A1 'unreadable:$' special.txt | grep -q '^- /dev/zero$'
}
check special-file-sources special_sources

# The report $1 without the lines that say a source was found under an -I
# folder (each with the blank line after it).
without_found_under() {
  sed '/^Read from .*, found under an -I folder\.$/{N;d;}' "$1"
}

# -I: sources moved away are found under the folder, each section says
# where it was read from, and the report is otherwise the one made with the
# sources in place.
include_dir() {
  report multi.cgout >in-place.txt || return 1
  mkdir -p moved && mv main.c util.c util.h moved/ || return 1
  report multi.cgout >missing.txt
  report -I moved multi.cgout >dash-i.txt
  report --include=moved multi.cgout >long.txt
  report -Imoved multi.cgout >joined.txt
  mv moved/* . && rmdir moved
  grep -q 'original files are unreadable' missing.txt &&
    [ "$(section ././util.c dash-i.txt | sed -n 2p)" = \
      "Read from moved/././util.c, found under an -I folder." ] &&
    [ "$(grep -c '^Read from moved/' dash-i.txt)" = 3 ] &&
    ! grep -q 'Read from' in-place.txt &&
    for report in dash-i.txt long.txt joined.txt; do
      without_found_under "$report" | cmp -s in-place.txt - || return 1
    done
}
check include-folder include_dir

# -I takes an absolute name as relative to the folder: a profile made where
# the sources lay at /ABS finds them in a copy of that tree under the folder
# (after the name itself, which comes first where it exists).
include_absolute() {
  root=$(pwd)
  mkdir -p mirror"$root" && cp main.c util.c util.h mirror"$root"/ &&
    sed "s|^fl=\./\./|fl=$root/|" multi.cgout >absolute.cgout || return 1
  report absolute.cgout >here.txt
  mv main.c util.c util.h mirror/ || return 1
  report absolute.cgout >gone.txt
  report -I mirror absolute.cgout >mirrored.txt
  mv mirror/main.c mirror/util.c mirror/util.h . && rm -rf mirror
  ! grep -q 'Read from' here.txt &&
    [ "$(grep -c 'original files are unreadable' gone.txt)" = \
      "$(grep -c '^-- Annotated source file:' here.txt)" ] &&
    [ "$(section "$root/util.c" mirrored.txt | sed -n 2p)" = \
      "Read from mirror$root/util.c, found under an -I folder." ] &&
    without_found_under mirrored.txt | cmp -s here.txt -
}
check include-absolute-name include_absolute

# --sort=A:N gives the primary event the threshold N: the same report as
# --threshold=N.
sort_threshold() {
  report --sort=Ir:20 multi.cgout >colon.txt &&
    report --sort=Ir --threshold=20 multi.cgout >option.txt &&
    cmp -s colon.txt option.txt &&
    grep -q '^Threshold:        20.0%$' colon.txt
}
check sort-event-threshold sort_threshold

# A second event's own threshold adds the pairs that reach it: with Ir at
# 20% only util.c is shown, but D1mr at 0.1% brings back main.c's work.
sort_second_threshold() {
  report --sort=Ir:20 multi.cgout >primary.txt &&
    report --sort=Ir:20,D1mr:0.1 multi.cgout >both.txt &&
    [ "$(grep -c '^[<>]' both.txt)" -gt "$(grep -c '^[<>]' primary.txt)" ]
}
check sort-second-event-threshold sort_second_threshold

# As in the older cg_annotate, once one sort event has its own threshold,
# each one without gets 0 (every pair reaches it) and --threshold is not
# used; the Metadata lists them all.  The pairs' counts, as the older tool
# picks them: Ir 1000, 50, 2, 1 and Dr 10, 1000, 50, 1 (totals 1053 and
# 1061).
own_thresholds() {
  printf 'cmd: c\nevents: Ir Dr\nfl=a.c\nfn=big\n1 1000 10\nfn=mid\n2 50 1000\nfn=small\n3 1 1\nfn=tiny\n4 2 50\nsummary: 1053 1061\n' >own.cgout
  functions() {
    report --no-annotate "$@" own.cgout >own.txt &&
      sed -n '/^-- File:function/,/^-- Function:file/p' own.txt |
      awk '/^ / && $NF != "<unspecified>" && $NF != "file:function" { print $NF }' | tr '\n' ' '
  }
  [ "$(functions --threshold=5 --sort=Ir,Dr:10)" = "big mid tiny small " ] &&
    grep -q '^Thresholds:       0.0% 10.0%$' own.txt &&
    [ "$(functions --sort=Ir:2,Dr:90)" = "big mid " ] &&
    grep -q '^Thresholds:       2.0% 90.0%$' own.txt &&
    [ "$(functions --sort=Dr:4,Ir:50%)" = "mid tiny big " ] &&
    grep -q '^Thresholds:       4.0% 50.0%$' own.txt &&
    [ "$(functions --sort=Ir:3%)" = "big mid " ] &&
    grep -q '^Threshold:        3.0%$' own.txt
}
check sort-own-thresholds own_thresholds

# An event whose name has a colon in it is sorted by when named whole; a
# threshold of its own follows its name's last colon.
colon_in_name() {
  printf 'cmd: c\nevents: A:1 B\nfl=a.c\nfn=f\n1 5 1\nfn=g\n2 1 9\nsummary: 6 10\n' >colon.cgout
  report --sort=A:1 colon.cgout >colon-whole.txt &&
    grep -q '^Event sort order: A:1$' colon-whole.txt &&
    grep -q '^Threshold:        0.1%$' colon-whole.txt &&
    report --sort=A:1:50 colon.cgout >colon-own.txt &&
    grep -q '^Event sort order: A:1$' colon-own.txt &&
    grep -q '^Threshold:        50.0%$' colon-own.txt
}
check sort-event-with-colon colon_in_name

# An event named twice on the events: line is its last column wherever it
# is shown or sorted by, chosen or by default; the other event keeps its
# own.
event_named_twice() {
  printf 'cmd: c\nevents: A B A\nfl=a.c\nfn=f\n1 10 20 30\nfn=g\n2 5 6 7\nsummary: 15 26 37\n' >twice.cgout
  report --no-annotate twice.cgout >twice.txt &&
    grep -q '^37 (100.0%) 26 (100.0%) 37 (100.0%)  PROGRAM TOTALS$' twice.txt &&
    grep -q '^ *30 *(81.1%) *20 *(76.9%) *30 *(81.1%) *f$' twice.txt &&
    report --no-annotate --show=A --sort=A twice.cgout >twice-chosen.txt &&
    grep -q '^37 (100.0%)  PROGRAM TOTALS$' twice-chosen.txt
}
check events-named-twice event_named_twice

# A "%" after the threshold is the same threshold.
percent_sign() {
  report --threshold=1% multi.cgout >sign.txt &&
    report --threshold=1 multi.cgout >plain.txt && cmp -s sign.txt plain.txt
}
check threshold-percent-sign percent_sign

# "." counts read as zeros.
dot_counts() {
  awk '/^[0-9]/ { for (i = 2; i <= NF; i++) if ($i == "0") $i = "." } 1' \
    multi.cgout >dots.cgout &&
    report --no-annotate dots.cgout >dots.txt &&
    report --no-annotate multi.cgout >zeros.txt && cmp -s dots.txt zeros.txt &&
    grep -q '^[0-9]* [0-9]* \. ' dots.cgout
}
check dot-counts dot_counts

# ---- inputs to tolerate ---------------------------------------------------

crlf() {
  sed 's/$/\r/' multi.cgout >crlf.cgout && touch crlf.cgout &&
    report crlf.cgout >crlf.txt && report multi.cgout >lf.txt &&
    cmp -s crlf.txt lf.txt
}
check crlf-profile crlf

# fi=/fe= lines give the following counts to an inline file, the function
# staying the same.
inline_files() {
  printf '%s\n' 'cmd: ./inline' 'events: Ir' 'fl=a.c' 'fn=f' '1 10' \
    'fi=g.h' '2 5' 'fe=a.c' '3 1' 'summary: 16' >inline.cgout &&
    "$annotate" --no-annotate inline.cgout >inline.txt &&
    grep -q '^< *5 (31.2%, *[0-9.]*%)  g.h:f$' inline.txt &&
    grep -q '^< *11 (68.8%, *[0-9.]*%)  a.c:f$' inline.txt
}
check inline-file-lines inline_files

# Profiles written by Valgrind 3.19's cg_merge ("N   c1 c2 " lines) and
# cg_diff ("events:  A B", random order) are read, and the totals match.
old_tools() {
  /usr/bin/cg_merge -o merged.cgout multi.cgout multi.cgout 2>/dev/null &&
    "$annotate" --no-annotate merged.cgout >merged.txt &&
    grep -q 'PROGRAM TOTALS' merged.txt &&
    /usr/bin/cg_diff multi.cgout merged.cgout >diff.cgout &&
    report --no-annotate diff.cgout >old-diff.txt &&
    report --no-annotate multi.cgout >single.txt &&
    [ "$(grep 'PROGRAM TOTALS' old-diff.txt)" = \
      "$(grep 'PROGRAM TOTALS' single.txt)" ]
}
if [ -x /usr/bin/cg_merge ] && [ -x /usr/bin/cg_diff ]; then
  check valgrind-3.19-merge-and-diff-output old_tools
fi

# Our own tool's profile of a real program, annotated with its source.
our_tool() {
  cp "$src/examples/matrix.c" . &&
    gcc -g -O1 -o matrix matrix.c &&
    "$build/vg-in-place" --tool=cachegrind --cachegrind-out-file=ours.cgout \
      ./matrix >/dev/null 2>&1 &&
    "$annotate" ours.cgout >ours.txt &&
    grep -q '^-- Annotated source file: .*matrix.c$' ours.txt
}
if [ -x "$build/vg-in-place" ] && [ -f "$src/examples/matrix.c" ]; then
  check profile-of-our-tool our_tool
fi

# Names are bytes: Latin-1 file and function names come out unchanged.
raw_names() {
  printf 'cmd: ./raw\nevents: Ir\nfl=caf\351.c\nfn=gr\374n\n1 7\nsummary: 7\n' \
    >raw.cgout &&
    "$annotate" raw.cgout >raw.txt &&
    grep -q "$(printf 'caf\351.c:gr\374n')" raw.txt
}
check non-utf8-names raw_names

# Originals renamed to one name are compared as Python's filecmp.cmp
# compares them (the established tool's way): a folder, or a size that
# differs, makes them not identical before any byte is read; a missing one
# makes them unreadable; so does a first one that cannot be read, once
# the comparisons pass.
same_name_originals() {
  rm -rf orig && mkdir -p orig/a1 orig/a2/s.c orig/b1 orig/b2 orig/c1 orig/c2 orig/c3 orig/d1 &&
    printf 'x\n' >orig/a1/s.c && printf 'x\n' >orig/b1/s.c &&
    printf 'x\n' >orig/c1/s.c && printf 'x\n' >orig/c2/s.c && mkdir orig/d1/s.c &&
    printf 'cmd: c\nevents: A\nfl=orig/a1/s.c\nfn=f\n1 1\nfl=orig/a2/s.c\nfn=f\n1 1\nfl=orig/b1/s.c\nfn=g\n1 2\nfl=orig/b2/s.c\nfn=g\n1 2\nfl=orig/c1/s.c\nfn=h\n1 4\nfl=orig/c2/s.c\nfn=h\n1 4\nfl=orig/c3/s.c\nfn=h\n1 4\nfl=orig/d1/s.c\nfn=k\n1 8\nsummary: 26\n' >orig.cgout &&
    "$annotate" --threshold=0 --mod-filename='s/[0-9]\//\//' orig.cgout >orig.txt &&
    # a: a folder beside a file; b: a missing file; c: two the same, then
    # a missing one; d: only a folder.
    awk '/^-- Annotated source file/ { name = $NF } /^Unannotated because/ { print name, $3 }' orig.txt |
      tr '\n' ' ' >orig.got &&
    [ "$(cat orig.got)" = "orig/a/s.c two orig/b/s.c one orig/c/s.c one orig/d/s.c one " ] &&
    grep -q '^ 2  (7.7%)  unannotated: files known & above threshold & two or more non-identical$' orig.txt
}
check same-name-originals same_name_originals

# ---- errors ---------------------------------------------------------------

# expect_error NAME STATUS MESSAGE COMMAND...: the command fails with
# STATUS and its last stderr line is MESSAGE.
expect_error() {
  name=$1 status=$2 message=$3
  shift 3
  "$@" >/dev/null 2>"$work/err"
  got=$?
  last=$(tail -n 1 "$work/err")
  if [ "$got" = "$status" ] && [ "$last" = "$message" ]; then
    pass "$name"
  else
    fail "$name" "status $got, stderr: $(tr '\n' '|' <"$work/err")"
  fi
}

expect_error bad-regex 1 \
  "cg_annotate: error: argument --mod-filename: bad regex at offset 1: missing closing parenthesis" \
  "$annotate" '--mod-filename=s/(/x/' multi.cgout
expect_error bad-group-reference 1 \
  "cg_annotate: error: argument --mod-funcname: invalid group reference '2'" \
  "$annotate" '--mod-funcname=s/(a)/\2/' multi.cgout
expect_error bad-expression-form 2 \
  "cg_annotate: error: argument --mod-filename: invalid search_and_replace value: 'foo'" \
  "$annotate" --mod-filename=foo multi.cgout
expect_error ambiguous-prefix 2 \
  "cg_annotate: error: ambiguous option: --show-p could match --show-percs, --show-percs=yes, --show-percs=no" \
  "$annotate" --show-p multi.cgout
expect_error ambiguous-prefix-with-value 2 \
  "cg_annotate: error: ambiguous option: --auto=maybe could match --auto=yes, --auto=no" \
  "$annotate" --auto=maybe multi.cgout
# As argparse tells them apart: "-1e5" is an option, not a negative
# number, so --context has no value; "-x y", with a space, is a value.
expect_error value-like-an-option 2 \
  "cg_annotate: error: argument --context: expected one argument" \
  "$annotate" --context -1e5 multi.cgout
expect_error value-with-a-space 2 \
  "cg_annotate: error: argument --threshold: invalid threshold value: '-x y'" \
  "$annotate" --threshold '-x y' multi.cgout
expect_error flag-with-value 2 \
  "cg_annotate: error: argument --annotate/--no-annotate: ignored explicit argument 'yes'" \
  "$annotate" --annotate=yes multi.cgout
expect_error bad-context 2 \
  "cg_annotate: error: argument --context: invalid int value: 'x'" \
  "$annotate" --context x multi.cgout
expect_error unknown-option 2 \
  "cg_annotate: error: unrecognized arguments: --bogus" \
  "$annotate" multi.cgout --bogus
# Arguments and event names are quoted whole, however long.
long=$(printf '%05000d' 0 | tr 0 q)
expect_error long-unknown-options 2 \
  "cg_annotate: error: unrecognized arguments: --$long --$long" \
  "$annotate" multi.cgout "--$long" "--$long"
expect_error long-show-event 1 \
  "cg_annotate: error: --show event \`$long\` did not appear in \`events:\` line" \
  "$annotate" "--show=$long" multi.cgout
expect_error no-files 2 \
  "cg_annotate: error: the following arguments are required: cachegrind-out-file" \
  "$annotate" --show=Ir
expect_error diff-needs-two 1 \
  "cg_annotate: error: argument --diff: requires exactly two Cachegrind output files" \
  "$annotate" --diff multi.cgout
expect_error sort-unknown-event 1 \
  "cg_annotate: error: --sort event \`Bogus\` did not appear in \`events:\` line" \
  "$annotate" --sort=Bogus multi.cgout
# --show and --sort are checked against each profile's events as its
# events: line is read: an event missing is told before what comes later,
# in that profile (a summary that does not add up) or after it (other
# events, a profile that cannot be opened).
printf 'cmd: x\nevents: Ir\nfl=a.c\nfn=f\n1 1\nsummary: 2\n' >ir-bad-summary.cgout
printf 'cmd: x\nevents: Ir\nfl=a.c\nfn=f\n1 1\nsummary: 1\n' >ir.cgout
printf 'cmd: x\nevents: Ir Dr\nfl=a.c\nfn=f\n1 1 1\nsummary: 1 1\n' >ir-dr.cgout
expect_error show-unknown-before-summary 1 \
  "cg_annotate: error: --show event \`Dr\` did not appear in \`events:\` line" \
  "$annotate" --show=Dr ir-bad-summary.cgout
expect_error sort-unknown-before-summary 1 \
  "cg_annotate: error: --sort event \`Dr\` did not appear in \`events:\` line" \
  "$annotate" --sort=Dr ir-bad-summary.cgout
expect_error show-unknown-before-other-events 1 \
  "cg_annotate: error: --show event \`Dr\` did not appear in \`events:\` line" \
  "$annotate" --show=Dr ir.cgout ir-dr.cgout
expect_error show-unknown-in-second 1 \
  "cg_annotate: error: --show event \`Dr\` did not appear in \`events:\` line" \
  "$annotate" --show=Dr ir-dr.cgout ir.cgout
expect_error sort-unknown-before-missing-file 1 \
  "cg_annotate: error: --sort event \`Dr\` did not appear in \`events:\` line" \
  "$annotate" --sort=Dr ir.cgout no-such.cgout
# A sort event's threshold is digits and dots, as the older tool took it.
for threshold in nan NAN% 0x10 1e1 -0 100.5; do
  expect_error "sort-threshold-$threshold" 1 \
    "cg_annotate: error: --sort: invalid threshold in \`Ir:$threshold\`" \
    "$annotate" "--sort=Ir:$threshold" multi.cgout
done
expect_error directory 1 \
  "cg_annotate: error: [Errno 21] Is a directory: '$multi'" \
  "$annotate" "$multi"
printf 'cmd: x\nevents:\nsummary:\n' >no-events.cgout
expect_error no-event-names 1 \
  "cg_annotate: error: no-events.cgout:2: \`events:\` line names no events" \
  "$annotate" no-events.cgout

# A later file that is an empty profile, or one whose header was lost,
# is read as a profile and refused, not annotated as a source file; with
# --diff every file is a profile.
: >empty.cgout
expect_error empty-second-profile 1 \
  "cg_annotate: error: empty.cgout:1: missing a \`command:\` line" \
  "$annotate" multi.cgout empty.cgout
printf 'fl=a.c\nfn=f\n1 1\nsummary: 1\n' >headless.cgout
expect_error headless-second-profile 1 \
  "cg_annotate: error: headless.cgout:1: missing a \`command:\` line" \
  "$annotate" multi.cgout headless.cgout
expect_error headless-diff-profile 1 \
  "cg_annotate: error: headless.cgout:1: missing a \`command:\` line" \
  "$annotate" --diff multi.cgout headless.cgout

# A profile with no file lines: a report with no file to annotate.
printf 'desc: d\ncmd: c\nevents: A\nsummary: 0\n' >no-files.cgout
no_files() {
  "$annotate" no-files.cgout >no-files.txt &&
    grep -q '^-- Annotation summary' no-files.txt
}
check no-file-lines no_files

# The threshold compares counts with the limit exactly: 2^60 - 1 is below
# 20 % of 5 * 2^60 (exactly 2^60), though as a double it rounds to it.
printf 'desc: d\ncmd: c\nevents: A\nfl=x.c\nfn=small\n1 1152921504606846975\nfn=big\n2 4611686018427387905\nsummary: 5764607523034234880\n' >huge.cgout
exact_threshold() {
  "$annotate" --threshold=20 --no-annotate huge.cgout >huge.txt &&
    grep -q ' big$' huge.txt && ! grep -q 'small' huge.txt &&
    "$annotate" --threshold=19.9 --no-annotate huge.cgout | grep -q 'small'
}
check exact-threshold exact_threshold

# Numbers as Python's int() and float() read them: underscores between
# digits in counts, line numbers, --threshold and --context (doubled or at
# the start, refused); -0 shown as such; a context larger than any long is
# as good as the largest.
printf 'desc: d\ncmd: c\nevents: A B\nfl=digits.c\nfn=f\n1_2 1_000 +5\nsummary: 1000 5\n' >digits.cgout
seq 1 40 | sed 's/^/line /' >digits.c
python_numbers() {
  "$annotate" digits.cgout >digits.txt &&
    grep -q '^1,000 (100.0%) 5 (100.0%)  line 12$' digits.txt &&
    "$annotate" --threshold=1_0 --context=2_0 digits.cgout >separated.txt &&
    grep -q '^Threshold:        10.0%$' separated.txt &&
    grep -q '^-- line 32 ' separated.txt &&
    "$annotate" --threshold=-0 digits.cgout | grep -q '^Threshold:        -0.0%$' &&
    "$annotate" --context=99999999999999999999999 digits.cgout >huge-context.txt &&
    grep -q 'line 40$' huge-context.txt && ! grep -q '^-- line' huge-context.txt &&
    ! "$annotate" --context=1__0 digits.cgout 2>/dev/null &&
    ! "$annotate" --threshold=_1 digits.cgout 2>/dev/null
}
check python-numbers python_numbers
printf 'desc: d\ncmd: c\nevents: A\nfl=digits.c\nfn=f\n1 1__0\nsummary: 10\n' >doubled.cgout
expect_error doubled-underscore 1 \
  "cg_annotate: error: doubled.cgout:6: malformed or too many event counts" \
  "$annotate" doubled.cgout

# A range that starts just past the source's last line: skipping the
# lines before it runs into no end of file, so its mark is printed, and
# reading its first line does, which stops the annotation with no closing
# mark; a range that starts further on ends it while skipping, unmarked.
printf 'one\ntwo\nthree\nfour\n' >eof.c
printf 'desc: d\ncmd: c\nevents: A\nfl=eof.c\nfn=f\n2 1\n5 2\nsummary: 3\n' >eof5.cgout
printf 'desc: d\ncmd: c\nevents: A\nfl=eof.c\nfn=f\n2 1\n6 2\nsummary: 3\n' >eof6.cgout
range_past_end() {
  mark='----------------------------------------'
  "$annotate" --context=0 eof5.cgout >eof5.txt &&
    sed -n '/^-- line 2 /,/<bogus line/p' eof5.txt >eof5-ranges.txt &&
    printf '%s\n' "-- line 2 $mark" '1 (33.3%)  two' "-- line 2 $mark" \
      "-- line 5 $mark" '' '2 (66.7%)  <bogus line 5>' |
    cmp -s - eof5-ranges.txt &&
    "$annotate" --context=0 eof6.cgout >eof6.txt &&
    sed -n '/^-- line 2 /,/<bogus line/p' eof6.txt >eof6-ranges.txt &&
    printf '%s\n' "-- line 2 $mark" '1 (33.3%)  two' "-- line 2 $mark" \
      '' '2 (66.7%)  <bogus line 6>' |
    cmp -s - eof6-ranges.txt
}
check range-past-end range_past_end

# "Command N:" labels: the value eight spaces after the label, so one
# column further from Command 10 on.
command_labels() {
  set -- multi.cgout multi.cgout multi.cgout multi.cgout multi.cgout
  "$annotate" --no-annotate "$@" "$@" multi.cgout >labels.txt &&
    grep -q '^Command 9:        (same as Command 8)$' labels.txt &&
    grep -q '^Command 10:        (same as Command 9)$' labels.txt &&
    grep -q '^Command 11:        (same as Command 10)$' labels.txt
}
check command-labels command_labels

# Options after the files, "--opt value", and "--" before a file name
# that starts with a dash.
option_forms() {
  cp multi.cgout ./-odd.cgout &&
    report --context 3 multi.cgout >spaced.txt &&
    report multi.cgout --context=3 >after.txt &&
    report --context=3 -- -odd.cgout >dashed.txt &&
    cmp -s spaced.txt after.txt && cmp -s spaced.txt dashed.txt
}
check option-forms option_forms

# Event names are as wide as their characters (UTF-8), and source lines
# are shown with every byte, NUL included.
printf 'cmd: c\nevents: \303\211r Dr\nfl=nul.c\nfn=f\n1 1 1\n2 1 1\nsummary: 2 2\n' >wide.cgout
printf 'a\000b\nsecond\000\n' >nul.c
wide_names_and_nuls() {
  "$annotate" --no-show-percs wide.cgout >wide.txt &&
    grep -q "^$(printf '\303\211')r Dr \$" wide.txt &&
    grep -q '^ 2  2  PROGRAM TOTALS$' wide.txt &&
    tr '\000' '@' <wide.txt | grep -q '^ 1  1  a@b$' &&
    tr '\000' '@' <wide.txt | grep -q '^ 1  1  second@$'
}
check wide-names-and-nuls wide_names_and_nuls

# Percentages rounded as Python's division of integers rounds them (once,
# exactly): counts near the boundaries of one decimal, of two totals below
# a double's mantissa whose counts times 100 are beyond it (the second's
# by more bits), checked against Python itself.
for total in 1125899906842604 6879907200157949; do
  python3 - "$total" <<'PYTHON' >"rounding-$total.cgout"
import sys
total = int(sys.argv[1])
counts = [137922738588219, 6167836804941601 % total]
for k in range(1, 60):
    near = total * (10 * k + 5) // 1000
    counts += [near - 1, near, near + 1]
print("cmd: c\nevents: A\nfl=a.c")
for i, count in enumerate(counts):
    print("fn=f%d\n%d %d" % (i, i + 1, count))
print("fn=rest\n999 %d" % (total - sum(counts)))
print("summary: %d" % total)
PYTHON
  python3 - "$total" <<'PYTHON' >"rounding-$total.want"
import sys
total = int(sys.argv[1])
name = None
for line in open("rounding-%d.cgout" % total):
    if line.startswith("fn="):
        name = line[3:].strip()
    elif line[0].isdigit():
        count = int(line.split()[1])
        print("%s %.1f" % (name, count * 100 / total))
PYTHON
done
percent_rounding() {
  for total in 1125899906842604 6879907200157949; do
    "$annotate" --no-annotate --threshold=0 "rounding-$total.cgout" |
      sed -n 's/^> *-\{0,1\}[0-9,]* *(\([-0-9.]*\)%, *[-0-9.]*%)  \(f[0-9]*\|rest\):a.c$/\2 \1/p' |
      sort >rounding.got &&
      sort "rounding-$total.want" | cmp -s - rounding.got || return 1
  done
}
check percent-rounding percent_rounding

# Totals taken exactly: a total that fits is shown even where a partial
# sum of its parts would leave 64 bits (the refusals of totals that do not
# fit are in the hostile suite); one that is not shown is not refused: a
# running total shown in no percentage, an event not shown, a file with no
# function above the threshold, the lines of a file not annotated.
printf 'cmd: c\nevents: A\nfl=a.c\nfn=f\n1 1\nfn=g\n3 4500000000000000000\nfn=h\n2 -9000000000000000000\nfn=f\n1 4999999999999999999\nsummary: 500000000000000000\n' >partial.cgout
printf 'cmd: c\nevents: A\nfl=a.c\nfn=f\n1 5000000000000000000\nfn=h\n2 -4000000000000000000\nfn=g\n3 4500000000000000000\nsummary: 5500000000000000000\n' >running.cgout
printf 'cmd: c\nevents: A B\nfl=a.c\nfn=f\n1 1 -5000000000000000000\nfl=b.c\nfn=h\n1 1 9000000000000000000\nfl=a.c\nfn=g\n1 1 -5000000000000000000\nfl=b.c\nfn=i\n1 1 9000000000000000000\nsummary: 4 8000000000000000000\n' >hidden.cgout
{
  printf 'cmd: c\nevents: A\nfl=a.c\nfn=z\n1 -1200000000000000000\nfl=b.c\n'
  for f in 1 2 3 4 5 6; do printf 'fn=f%s\n1 1700000000000000000\n' $f; done
  printf 'summary: 9000000000000000000\n'
} >unshown-group.cgout
printf 'cmd: c\nevents: A\nfl=no/such/u.c\nfn=f\n1 5000000000000000000\nfn=h\n2 -9000000000000000000\nfn=g\n1 5000000000000000000\nsummary: 1000000000000000000\n' >unshown-lines.cgout
exact_totals() {
  "$annotate" --no-annotate partial.cgout >partial.txt &&
    grep -q '^<    500,000,000,000,000,000   (100.0%, 100.0%)  a.c:$' partial.txt &&
    grep -q '^   5,000,000,000,000,000,000  (1000.0%)            f$' partial.txt &&
    "$annotate" --no-annotate --no-show-percs running.cgout >running.txt &&
    grep -q '^<  5,500,000,000,000,000,000  a.c:$' running.txt &&
    ! "$annotate" --no-annotate running.cgout >/dev/null 2>&1 &&
    "$annotate" --show=A --sort=A --no-show-percs --no-annotate hidden.cgout |
      grep -q '^< 2  a.c:$' &&
    "$annotate" --threshold=20 --no-annotate unshown-group.cgout >unshown-group.txt &&
    ! grep -v '^Invocation:' unshown-group.txt | grep -q 'b\.c' &&
    "$annotate" unshown-lines.cgout |
      grep -q '^1,000,000,000,000,000,000 (100.0%)  unannotated: files known & above threshold & unreadable $'
}
check exact-totals exact_totals

# ---- details no reference case shows ------------------------------------

mkdir "$work/details" && cd "$work/details" || exit 2
printf 'cmd: c\nevents: Ir\nfl=s.c\nfn=main\n2 7\nsummary: 7\n' >s.cgout

# A source's last line without a newline loses its last character, as in
# the newer cg_annotate, which drops each line's last character taking it
# for the newline.
printf 'int main(void)\n{ return 0; }' >s.c
unterminated_last_line() {
  "$annotate" s.cgout >s.txt &&
    section s.c s.txt | grep -q '^7 (100.0%)  { return 0; $'
}
check unterminated-last-line unterminated_last_line

# That character is a whole UTF-8 character where one ends the line (the
# newer cg_annotate reads sources as UTF-8 text), else a byte.
unterminated_last_line_utf8() {
  printf 'int main(void)\n{ return 0; } // caf\303\251' >s.c &&
    "$annotate" s.cgout >s.txt &&
    section s.c s.txt | grep -q '^7 (100.0%)  { return 0; } // caf$' &&
    printf 'int main(void)\n{ return 0; } // \342\202\254\251' >s.c &&
    "$annotate" s.cgout >s.txt &&
    section s.c s.txt | LC_ALL=C grep -q "^7 (100.0%)  { return 0; } // $(printf '\342\202\254')\$"
}
check unterminated-last-line-utf8 unterminated_last_line_utf8
printf 'int main(void)\n{ return 0; }' >s.c

# A threshold of --sort goes up to 100 %, and no further.
sort_threshold_bounds() {
  "$annotate" --sort=Ir:100 s.cgout | grep -q '^Threshold:        100.0%$' &&
    ! "$annotate" --sort=Ir:100.5 s.cgout >/dev/null 2>&1
}
check sort-threshold-bounds sort_threshold_bounds

# Descriptions are printed once only if every profile's are the same: the
# first and the third alike do not hide the second.
for d in A B A; do
  printf 'desc: %s\ncmd: c\nevents: Ir\nfl=s.c\nfn=main\n2 7\nsummary: 7\n' $d >"desc-$d.cgout"
done
descriptions_differing() {
  "$annotate" --no-annotate desc-A.cgout desc-B.cgout desc-A.cgout >desc.txt &&
    [ "$(sed -n '/^Description 1:$/,/^Command 1:/p' desc.txt | tr '\n' '|')" = \
      "Description 1:|A|Description 2:|B|Description 3:|A|Command 1:        c|" ]
}
check descriptions-differing descriptions_differing

# Original sources renamed into one by --mod-filename, the same text: they
# are newer than the profile only if the oldest of them is.
mkdir v1 v2 && cp s.c v1/s.c && cp s.c v2/s.c
printf 'cmd: c\nevents: Ir\nfl=v1/s.c\nfn=main\n2 5\nfl=v2/s.c\nfn=main\n2 3\nsummary: 8\n' >v.cgout
newer_originals() {
  touch -d 2000-01-01 v1/s.c && touch -d 2010-01-01 v.cgout && touch -d 2020-01-01 v2/s.c &&
    "$annotate" --mod-filename='s/v[12]/v/' v.cgout >one-older.txt &&
    ! grep -q 'newer than data file' one-older.txt &&
    touch -d 2015-01-01 v1/s.c &&
    "$annotate" --mod-filename='s/v[12]/v/' v.cgout >both-newer.txt &&
    grep -q "^@ Original source files are all newer than data file 'v.cgout':$" both-newer.txt
}
check newer-originals newer_originals

# A summary: that does not match the annotated counts fails the run, but
# after the report, as the newer cg_annotate does.
printf 'cmd: c\nevents: Ir\n1 5\nfl=a.c\nfn=f\n1 3\nsummary: 8\n' >unmatched.cgout
report_before_error() {
  ! "$annotate" unmatched.cgout >unmatched.txt 2>&1 &&
    [ "$(grep -n -e '^-- Annotation summary$' \
      -e "^cg_annotate: error: \`summary:\` line doesn't match computed annotated counts$" \
      unmatched.txt | cut -d: -f2- | tr '\n' '|')" = \
      "-- Annotation summary|cg_annotate: error: \`summary:\` line doesn't match computed annotated counts|" ]
}
check report-before-error report_before_error

# A threshold is shown as Python shows a float: 0.00001 as 1e-05.
small_threshold() {
  "$annotate" --threshold=0.00001 s.cgout | grep -q '^Threshold:        1e-05%$'
}
check small-threshold small_threshold

# "(same as Command N)" names the command just before only when it is
# the same: a third profile like the first, unlike the second, says its own.
sed 's/^cmd: c$/cmd: other/' s.cgout >other.cgout
commands_repeated() {
  [ "$("$annotate" --no-annotate s.cgout other.cgout s.cgout | grep '^Command' | tr '\n' '|')" = \
    "Command 1:        c|Command 2:        other|Command 3:        c|" ]
}
check commands-repeated commands_repeated

# A leading "=" of an -I value is not part of the folder's name, as -I=DIR
# has none: --include==inc names inc.
mkdir inc && cp s.c inc/s.c && mv s.c s.c.aside && touch s.cgout
include_equals() {
  "$annotate" --include==inc s.cgout | grep -q '^7 (100.0%)  { return 0; $'
}
check include-equals include_equals
mv s.c.aside s.c

# A named file that starts with a name line (fe= as well as fl=, fn=, fi=)
# is a profile, refused for its missing command; with --diff, every file
# named is a profile, a source that exists too.
printf 'fe=a.c\n1 1\n' >fe.txt
profiles_named() {
  ! "$annotate" s.cgout fe.txt >/dev/null 2>fe.err &&
    [ "$(cat fe.err)" = "cg_annotate: error: fe.txt:1: missing a \`command:\` line" ] &&
    ! "$annotate" --diff s.cgout s.c >/dev/null 2>diff.err &&
    [ "$(cat diff.err)" = "cg_annotate: error: s.c:1: missing a \`command:\` line" ]
}
check profiles-named profiles_named

# A line's sum over functions may come back within 64 bits where one
# function's sum left them, and only that one count wrapped: in the first
# event, or in a later one (where the first did not wrap).
printf 'int a;\nint b;\nint c;\n' >w.c
printf 'cmd: c\nevents: A\nfl=w.c\nfn=f\n1 5000000000000000000\n2 -5000000000000000000\nsummary: 0\n' >w1.cgout
printf 'cmd: c\nevents: A\nfl=w.c\nfn=f\n1 5000000000000000000\nfn=g\n1 -5000000000000000000\nsummary: 0\n' >w2.cgout
printf 'cmd: c\nevents: A B\nfl=w.c\nfn=f\n1 1 5000000000000000000\n2 1 -5000000000000000000\nsummary: 2 0\n' >v1.cgout
printf 'cmd: c\nevents: A B\nfl=w.c\nfn=f\n1 1 5000000000000000000\nfn=g\n1 1 -5000000000000000000\nsummary: 2 0\n' >v2.cgout
one_count_wrapped() {
  "$annotate" w1.cgout w2.cgout >w.txt &&
    section w.c w.txt | grep -q '^ 5,000,000,000,000,000,000 (n/a)  int a;$' &&
    "$annotate" v1.cgout v2.cgout >v.txt &&
    section w.c v.txt | grep -q '^3 (75.0%)  5,000,000,000,000,000,000 (n/a)  int a;$'
}
check one-count-wrapped one_count_wrapped

# A file's one function above the threshold shares its file's line only
# when every count is the same: f has 5 of b.c's 8 B, so it has a line
# of its own.
printf 'cmd: c\nevents: A B\nfl=b.c\nfn=f\n1 10 5\nfn=g\n2 0 3\nsummary: 10 8\n' >label.cgout
one_line_label() {
  "$annotate" --no-annotate label.cgout >label.txt &&
    [ "$(sed -n '/^-- File:function summary$/,/^-- Function:file/p' label.txt | grep -e '^< ' -e '^  [0-9]' | tr '\n' '|')" = \
      "< 10 (100.0%, 100.0%) 8 (100.0%, 100.0%)  b.c:|  10 (100.0%)         5  (62.5%)            f|" ]
}
check one-line-label-only-if-same one_line_label

version() {
  [ "$("$annotate" --version)" = "cg_annotate-1.0.0" ] &&
    "$annotate" --help | grep -q '^usage: cg_annotate'
}
check version-and-help version

# Its failures are its FAIL lines: reaching this end is a clean end (see
# run-all.sh, which counts any other end as a failure).
exit 0
