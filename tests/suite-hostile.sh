#!/bin/sh
# The hostile-input suite: what cg_merge, cg_diff and cg_annotate (those of
# them that are built) do with files that are not what they should be, and
# with outputs that cannot be written.
#
# A refused input or output must give status 1, exactly one line on stderr
# ("PROGRAM: error: ..." naming the file), nothing on stdout, and leave
# neither the output file nor its temporary (OUT.XXXXXX, or cg.XXXXXX
# beside a long name).  An input that is
# odd but valid (a 10 MB name, 100,000 events, fl= with no fn=, CRLF) must
# give status 0, nothing on stderr, and the right counts.  Every seed and
# regression input of the fuzzers (tests/fuzz-corpus, tests/fuzz-regressions)
# is replayed too: accepted or refused as above, never a crash.
#
# The exact wording of each of the reader's messages is the profiles
# suite's business; here a message is checked for its shape and the part
# that says what went wrong.
#
# usage: sh tests/suite-hostile.sh SRCDIR BUILDDIR
# Prints one "PASS hostile/name" or "FAIL hostile/name: why" line per test.
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 SRCDIR BUILDDIR" >&2
	exit 2
fi
srcdir=$(cd "$1" && pwd) && builddir=$(cd "$2" && pwd) || exit 2
work=$builddir/tests/out/hostile
# Usage texts are wrapped to $COLUMNS: the checks of their first lines
# assume the usual 80.
LC_ALL=C COLUMNS=80
export LC_ALL COLUMNS

pass() { printf 'PASS hostile/%s\n' "$1"; }
fail() { printf 'FAIL hostile/%s: %s\n' "$1" "$2"; }
setup_fail() {
	fail setup "$1"
	exit 1
}

# The programs there are; cg_annotate may not be built yet.
programs=
for program in cg_merge cg_diff cg_annotate; do
	[ -x "$builddir/$program" ] && programs="$programs $program"
done
case $programs in
*cg_merge*cg_diff*) ;;
*) setup_fail "cg_merge and cg_diff not found in $builddir" ;;
esac
rm -rf "$work"
mkdir -p "$work" || setup_fail "cannot create $work"
cd "$work" || setup_fail "cannot enter $work"

# A real profile (this tree's tool on a small loop) to pair bad files with.
cp "$srcdir/tests/fuzz-corpus/profile/ours-instr-range.out" good.cgout ||
	setup_fail "cannot copy the good profile"

# run NAME COMMAND...: runs COMMAND, leaving NAME.stdout, NAME.stderr and
# NAME.status.
run() {
	name=$1
	shift
	"$@" >"$name.stdout" 2>"$name.stderr"
	echo $? >"$name.status"
}

# preloaded LIBRARY COMMAND...: runs COMMAND with LIBRARY preloaded, its
# functions standing in for the C library's.  (A build with
# AddressSanitizer wants its runtime loaded first; it is told that the
# preloaded library may come before it.)
preloaded() {
	library=$1
	shift
	env LD_PRELOAD="$library" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" "$@"
}

# preload_library NAME TEST [LIBRARY...]: compiles NAME.c into NAME.so,
# to be preloaded; TEST fails if it does not compile.
preload_library() {
	name=$1 test=$2
	shift 2
	cc -shared -fPIC -o "$name.so" "$name.c" "$@" 2>/dev/null && return 0
	fail "$test" "$name.c does not compile"
	return 1
}

# invoke NAME PROGRAM FILE: runs PROGRAM on FILE the way each program
# takes a file: cg_merge writing NAME.out, cg_diff with FILE as both files,
# cg_annotate alone.
invoke() {
	case $2 in
	cg_merge) run "$1" "$builddir/cg_merge" -o "$1.out" "$3" ;;
	cg_diff) run "$1" "$builddir/cg_diff" "$3" "$3" ;;
	cg_annotate) run "$1" "$builddir/cg_annotate" "$3" ;;
	esac
}

# no_output_left NAME: neither NAME.out nor a temporary NAME.out.* exists.
no_output_left() {
	for leftover in "$1".out "$1".out.*; do
		[ -e "$leftover" ] && return 1
	done
	return 0
}

# check_refused TEST NAME PROGRAM TEXT: the run NAME of PROGRAM failed as
# a refusal must, its one line of stderr containing TEXT.
check_refused() {
	test=$1 name=$2 program=$3 text=$4
	status=$(cat "$name.status")
	first=$(head -n 1 "$name.stderr")
	if [ "$status" != 1 ]; then
		fail "$test" "status $status, want 1; stderr: $first"
	elif [ "$(wc -l <"$name.stderr")" -ne 1 ]; then
		fail "$test" "$(wc -l <"$name.stderr") lines on stderr, want 1: $first"
	else
		case $first in
		"$program: error: "*"$text"*)
			if [ -s "$name.stdout" ]; then
				fail "$test" "something on stdout"
			elif ! no_output_left "$name"; then
				fail "$test" "left $(ls -d "$name".out*)"
			else
				pass "$test"
			fi
			;;
		*) fail "$test" "stderr '$first', want '$program: error: ...$text...'" ;;
		esac
	fi
}

# refused TEST FILE TEXT: every program refuses FILE, saying TEXT.
refused() {
	for program in $programs; do
		invoke "$1-$program" "$program" "$2"
		check_refused "$1/$program" "$1-$program" "$program" "$3"
	done
}

# check_accepted TEST NAME: the run NAME succeeded, quietly.
check_accepted() {
	status=$(cat "$2.status")
	if [ "$status" != 0 ]; then
		fail "$1" "status $status, want 0; stderr: $(head -n 1 "$2.stderr" | cut -c 1-200)"
	elif [ -s "$2.stderr" ]; then
		fail "$1" "stderr: $(head -n 1 "$2.stderr" | cut -c 1-200)"
	else
		return 0
	fi
	return 1
}

# same_file TEST GOT WANT: passes if the files are identical.
same_file() {
	if cmp -s "$2" "$3"; then
		pass "$1"
	else
		fail "$1" "$2 differs from $3 at $(cmp "$2" "$3" 2>&1 | cut -c 1-100)"
	fi
}

# ---- files that are not profiles ---------------------------------------------

: >empty.cgout
refused empty empty.cgout 'empty.cgout:1: '

cp /bin/true binary.cgout || setup_fail "cannot copy /bin/true"
refused binary binary.cgout 'binary.cgout:1: '

# A 10 MB line with no newline, of no known kind: refused in one line, the
# message not carrying the whole line.
awk 'BEGIN { s = "z"; while (length(s) < 10485760) s = s s; printf "%s", substr(s, 1, 10485760) }' >huge-garbage.cgout
refused huge-garbage huge-garbage.cgout 'huge-garbage.cgout:1: '
for program in $programs; do
	if [ "$(wc -c <"huge-garbage-$program.stderr")" -gt 4096 ]; then
		fail "huge-garbage-short/$program" "a message of $(wc -c <"huge-garbage-$program.stderr") bytes"
	else
		pass "huge-garbage-short/$program"
	fi
done

# ---- files cut short -----------------------------------------------------------
# The good profile cut in the middle of its lines: the header's, a count
# line's, the summary's.  None of these can make a valid file.

lines=$(wc -l <good.cgout)
for line in 2 6 9 "$lines"; do
	bytes=$(head -n "$line" good.cgout | wc -c)
	length=$(sed -n "${line}p" good.cgout | wc -c)
	head -c $((bytes - length / 2)) good.cgout >"cut-$line.cgout"
	refused "cut-in-line-$line" "cut-$line.cgout" "cut-$line.cgout:"
done

# ---- odd but valid -------------------------------------------------------------

# A file name of 10 MB: kept whole.
# long_name_file COUNT: the profile with its one count and summary COUNT.
long_name_file() {
	awk -v count="$1" 'BEGIN { s = "n"; while (length(s) < 10485760) s = s s
		printf "desc: d\ncmd: c\nevents: A\nfl=/src/%s.c\nfn=f\n1 %d\nsummary: %d\n", substr(s, 1, 10485760), count, count }'
}
long_name_file 5 >long-name.cgout
long_name_file 10 >long-name-twice.want
run long-name-merge "$builddir/cg_merge" -o long-name-merge.out long-name.cgout long-name.cgout
check_accepted long-name/cg_merge long-name-merge &&
	same_file long-name/cg_merge long-name-merge.out long-name-twice.want
run long-name-diff "$builddir/cg_diff" long-name.cgout long-name.cgout
if check_accepted long-name/cg_diff long-name-diff; then
	if [ "$(grep -c '^fl=/src/n*\.c$' long-name-diff.stdout)" = 1 ] &&
		[ "$(awk '/^fl=/ { print length($0) }' long-name-diff.stdout)" = 10485770 ]; then
		pass long-name/cg_diff
	else
		fail long-name/cg_diff "the 10 MB fl= line is not in the output whole"
	fi
fi
case $programs in *cg_annotate*)
	run long-name-annotate "$builddir/cg_annotate" long-name.cgout
	check_accepted long-name/cg_annotate long-name-annotate &&
		if grep -q '^5 (100\.0%)  unannotated: files known & above threshold & unreadable' long-name-annotate.stdout; then
			pass long-name/cg_annotate
		else
			fail long-name/cg_annotate "the 10 MB-named file is not counted as unreadable"
		fi
	;;
esac

# 100,000 events; each count line has them all.
awk 'BEGIN {
	n = 100000
	printf "desc: d\ncmd: c\nevents:"
	for (i = 1; i <= n; i++) printf " E%d", i
	printf "\nfl=a.c\nfn=f\n1"
	for (i = 1; i <= n; i++) printf " %d", i
	printf "\n2"
	for (i = 1; i <= n; i++) printf " 1"
	printf "\nsummary:"
	for (i = 1; i <= n; i++) printf " %d", i + 1
	printf "\n" }' >events.cgout
awk '/^[0-9]/ || /^summary:/ {
		printf "%s", $1; for (i = 2; i <= NF; i++) printf " %d", 2 * $i; print ""; next }
	{ print }' events.cgout >events-twice.want
run events-merge "$builddir/cg_merge" -o events-merge.out events.cgout events.cgout
check_accepted many-events/cg_merge events-merge &&
	same_file many-events/cg_merge events-merge.out events-twice.want
run events-diff "$builddir/cg_diff" events.cgout events.cgout
if check_accepted many-events/cg_diff events-diff; then
	zeros=$(awk '/^summary:/ { for (i = 2; i <= NF; i++) if ($i != "0") bad++; print NF - 1, bad + 0 }' events-diff.stdout)
	if [ "$zeros" = "100000 0" ]; then
		pass many-events/cg_diff
	else
		fail many-events/cg_diff "summary has (events, non-zero) = ($zeros), want (100000, 0)"
	fi
fi
case $programs in *cg_annotate*)
	run events-annotate "$builddir/cg_annotate" --show E1,E100000 events.cgout
	check_accepted many-events/cg_annotate events-annotate &&
		if grep -q '^2 (100\.0%) 100,001 (100\.0%)  PROGRAM TOTALS' events-annotate.stdout; then
			pass many-events/cg_annotate
		else
			fail many-events/cg_annotate "no 'PROGRAM TOTALS' line with E1 = 2 and E100000 = 100,001"
		fi
	;;
esac

# 200,000 desc: lines, every one kept (they are read into an array grown
# by doubling: one at a time took minutes under AddressSanitizer).
awk 'BEGIN {
	for (i = 1; i <= 200000; i++) printf "desc: line %d\n", i
	printf "cmd: c\nevents: Ir\nfl=a.c\nfn=f\n1 1\nsummary: 1\n" }' >descs.cgout
run descs-merge "$builddir/cg_merge" -o descs-merge.out descs.cgout
check_accepted many-descriptions/cg_merge descs-merge &&
	same_file many-descriptions/cg_merge descs-merge.out descs.cgout

# fl= with no fn=: the counts belong to the unnamed function ("???").
printf 'desc: d\ncmd: c\nevents: A B\nfl=a.c\n1 1 1\nfl=b.c\n2 3 4\nsummary: 4 5\n' >no-fn.cgout
printf 'desc: d\ncmd: c\nevents: A B\nfl=a.c\nfn=???\n1 1 1\nfl=b.c\nfn=???\n2 3 4\nsummary: 4 5\n' >no-fn.want
run no-fn-merge "$builddir/cg_merge" -o no-fn-merge.out no-fn.cgout
check_accepted fl-without-fn/cg_merge no-fn-merge &&
	same_file fl-without-fn/cg_merge no-fn-merge.out no-fn.want
printf 'desc: Files compared:   empty-no-fn.cgout; no-fn.cgout\ncmd: c; c\nevents: A B\nfl=a.c\nfn=???\n0 1 1\nfl=b.c\nfn=???\n0 3 4\nsummary: 4 5\n' >no-fn-diff.want
printf 'desc: d\ncmd: c\nevents: A B\nsummary: 0 0\n' >empty-no-fn.cgout
run no-fn-diff "$builddir/cg_diff" empty-no-fn.cgout no-fn.cgout
check_accepted fl-without-fn/cg_diff no-fn-diff &&
	same_file fl-without-fn/cg_diff no-fn-diff.stdout no-fn-diff.want
case $programs in *cg_annotate*)
	run no-fn-annotate "$builddir/cg_annotate" no-fn.cgout
	check_accepted fl-without-fn/cg_annotate no-fn-annotate &&
		if grep -q '^< 3 (75\.0%,  75\.0%) 4 (80\.0%,  80\.0%)  b\.c:<unspecified>$' no-fn-annotate.stdout; then
			pass fl-without-fn/cg_annotate
		else
			fail fl-without-fn/cg_annotate "no 'b.c:<unspecified>' line with 3 and 4"
		fi
	;;
esac

# CRLF line endings read as LF ones.
sed 's/$/\r/' good.cgout >crlf.cgout
run crlf-merge "$builddir/cg_merge" -o crlf-merge.out crlf.cgout
run lf-merge "$builddir/cg_merge" -o lf-merge.out good.cgout
check_accepted crlf/cg_merge crlf-merge &&
	same_file crlf/cg_merge crlf-merge.out lf-merge.out

# ---- counts that do not fit ------------------------------------------------------

# count_file NAME COUNT: a one-line profile whose count and summary are COUNT.
count_file() {
	printf 'desc: d\ncmd: c\nevents: A\nfl=a.c\nfn=f\n1 %s\nsummary: %s\n' "$2" "$2" >"$1.cgout"
}
count_file max 9223372036854775807
count_file min -9223372036854775808
count_file one 1
count_file zero 0
# The largest counts are fine (so the refusals below are about the range).
for program in $programs; do
	case $program in
	cg_merge) run "max-$program" "$builddir/cg_merge" max.cgout min.cgout ;;
	cg_diff) run "max-$program" "$builddir/cg_diff" zero.cgout max.cgout ;;
	cg_annotate) run "max-$program" "$builddir/cg_annotate" max.cgout min.cgout ;;
	esac
	check_accepted "count-2^63-1/$program" "max-$program" &&
		pass "count-2^63-1/$program"
done
for count in 9223372036854775808 18446744073709551615 18446744073709551616 \
	123456789012345678901234567890 -9223372036854775809; do
	count_file "count$count" "$count"
	refused "count$count" "count$count.cgout" 'count out of 64-bit range'
done

# Sums that do not fit: within a file (a function's, where the file's
# total fits; cg_diff reads a first file negated, so it is given second),
# and across files.  cg_merge writes no function's total, only its lines,
# which fit.
printf 'desc: d\ncmd: c\nevents: A\nfl=a.c\nfn=f\n1 9223372036854775807\n2 1\nfn=g\n3 -1\nsummary: 9223372036854775807\n' >sum-in-file.cgout
for program in $programs; do
	case $program in
	cg_diff) run "sum-in-file-$program" "$builddir/cg_diff" zero.cgout sum-in-file.cgout ;;
	*) invoke "sum-in-file-$program" "$program" sum-in-file.cgout ;;
	esac
	if [ "$program" = cg_merge ]; then
		check_accepted "sum-in-file/$program" "sum-in-file-$program" &&
			pass "sum-in-file/$program"
	else
		check_refused "sum-in-file/$program" "sum-in-file-$program" "$program" \
			'counts overflow 64 bits when summed: A of f in a.c'
	fi
done
# A function's sum may leave 64 bits on the way, as long as it comes back.
printf 'desc: d\ncmd: c\nevents: A\nfl=a.c\nfn=f\n1 9223372036854775807\n2 1\n3 -1\nsummary: 9223372036854775807\n' >sum-back.cgout
for program in $programs; do
	case $program in
	cg_diff) run "sum-back-$program" "$builddir/cg_diff" zero.cgout sum-back.cgout ;;
	*) invoke "sum-back-$program" "$program" sum-back.cgout ;;
	esac
	check_accepted "sum-back/$program" "sum-back-$program" &&
		pass "sum-back/$program"
done
# A file's running total may leave 64 bits on the way: only its summary
# line is compared with it, exactly.
printf 'desc: d\ncmd: c\nevents: A\nfl=a.c\nfn=f\n1 5000000000000000000\nfn=g\n1 5000000000000000000\nfn=h\n1 -5000000000000000000\nsummary: 5000000000000000000\n' >running-total.cgout
for program in $programs; do
	invoke "running-total-$program" "$program" running-total.cgout
	check_accepted "running-total/$program" "running-total-$program" &&
		pass "running-total/$program"
done
for program in $programs; do
	case $program in
	cg_merge) run "sum-$program" "$builddir/cg_merge" -o "sum-$program.out" max.cgout one.cgout ;;
	# The first file is subtracted: 0 - (-2^63) does not fit.
	cg_diff) run "sum-$program" "$builddir/cg_diff" min.cgout zero.cgout ;;
	cg_annotate) run "sum-$program" "$builddir/cg_annotate" max.cgout one.cgout ;;
	esac
	# The line is named where its program keeps lines: cg_diff keeps
	# none, and cg_annotate finds the function's sum too large before it
	# reads any line.
	where='line 1 of f in a.c'
	[ "$program" = cg_merge ] || where='f in a.c'
	check_refused "sum-across-files/$program" "sum-$program" "$program" \
		"the profiles: counts overflow 64 bits when summed: A of $where"
done
# Across files too, only the final sum must fit.
count_file minus-one -1
for program in $programs; do
	case $program in
	cg_merge) run "sum-back-files-$program" "$builddir/cg_merge" -o "sum-back-files-$program.out" max.cgout one.cgout minus-one.cgout ;;
	# 0 - (-2^63) leaves 64 bits, -1 brings it back.
	cg_diff) run "sum-back-files-$program" "$builddir/cg_diff" min.cgout minus-one.cgout ;;
	cg_annotate) run "sum-back-files-$program" "$builddir/cg_annotate" max.cgout one.cgout minus-one.cgout ;;
	esac
	if check_accepted "sum-back-across-files/$program" "sum-back-files-$program"; then
		case $program in
		cg_merge) got=$(cat "sum-back-files-$program.out") ;;
		*) got=$(cat "sum-back-files-$program.stdout") ;;
		esac
		case $got in
		*'summary: 9223372036854775807'* | *'9,223,372,036,854,775,807 (100.0%)  PROGRAM TOTALS'*)
			pass "sum-back-across-files/$program" ;;
		*) fail "sum-back-across-files/$program" "the total is not 2^63-1" ;;
		esac
	fi
done

# cg_annotate checks a line's sum only where it shows it, in a file it
# annotates, however it reads the profiles: b.c's line 1 leaves 64 bits,
# its function does not, and b.c is annotated only with --threshold=0,
# and only if it can be read.
if [ -x "$builddir/cg_annotate" ]; then
	max=9223372036854775807
	printf 'cmd: c\nevents: A\nfl=b.c\nfn=g\n1 -10\n2 10\nsummary: 0\n' >line-old.cgout
	printf 'cmd: c\nevents: A\nfl=a.c\nfn=main\n1 1000000000000000000\nfl=b.c\nfn=g\n1 %s\n2 -%s\nsummary: 1000000000000000000\n' $max $max >line-new.cgout
	printf 'x\n' >b.c
	run line-default "$builddir/cg_annotate" --diff line-old.cgout line-new.cgout
	run line-no-annotate "$builddir/cg_annotate" --no-annotate --diff line-old.cgout line-new.cgout
	run line-pipes sh -c 'cat line-old.cgout | "$1" --diff /dev/stdin line-new.cgout' sh "$builddir/cg_annotate"
	for name in line-default line-no-annotate line-pipes; do
		check_accepted "line-sum-not-shown/$name" "$name" && pass "line-sum-not-shown/$name"
	done
	run line-shown "$builddir/cg_annotate" --threshold=0 --diff line-old.cgout line-new.cgout
	run line-shown-pipes sh -c 'cat line-old.cgout | "$1" --threshold=0 --diff /dev/stdin line-new.cgout' sh "$builddir/cg_annotate"
	for name in line-shown line-shown-pipes; do
		check_refused "line-sum-shown/$name" "$name" cg_annotate \
			'the profiles: counts overflow 64 bits when summed: line 1 of b.c'
	done
	rm -f b.c
	run line-unreadable "$builddir/cg_annotate" --threshold=0 --diff line-old.cgout line-new.cgout
	check_accepted line-sum-not-shown/unreadable line-unreadable &&
		pass line-sum-not-shown/unreadable
fi

# Totals only the report makes (a file's, a line's over its functions, a
# running total) can leave 64 bits where every count, every running total
# of the file and its summary fit: refused too where they are shown, with
# no half report.
if [ -x "$builddir/cg_annotate" ]; then
	half=4611686018427387904 # 2^62
	printf 'cmd: c\nevents: A\nfl=a.c\nfn=f\n1 %s\nfl=b.c\nfn=g\n1 -%s\nfl=a.c\nfn=h\n2 %s\nsummary: %s\n' \
		$half $half $half $half >report-file.cgout
	# A line's total is shown, and so refused, only where its file is.
	printf 'cmd: c\nevents: A\nfl=shown.c\nfn=f\n1 %s\nfn=h\n2 -%s\n1 %s\nsummary: %s\n' \
		$half $half $half $half >report-line.cgout
	printf 'first\nsecond\n' >shown.c
	printf 'cmd: c\nevents: A\nfl=c.c\nfn=k\n1 -%s\nfl=a.c\nfn=f\n1 %s\nfl=b.c\nfn=g\n1 %s\nsummary: %s\n' \
		$half 4611686018427387905 4611686018427387905 4611686018427387906 >report-running.cgout
	for sum in 'file:the total of a.c' 'line:line 1 of shown.c' \
		'running:the running total of File:function summary'; do
		case=${sum%%:*}
		run "report-$case" "$builddir/cg_annotate" "report-$case.cgout"
		check_refused "report-sum/$case" "report-$case" cg_annotate \
			"report-$case.cgout: counts overflow 64 bits when summed: ${sum#*:}"
	done
	# The total is named whole, however long its file's name.
	long_c=$(printf '%0300d' 0 | tr 0 l).c
	printf 'cmd: c\nevents: A\nfl=%s\nfn=f\n1 %s\nfl=b.c\nfn=g\n1 -%s\nfl=%s\nfn=h\n2 %s\nsummary: %s\n' \
		"$long_c" $half $half "$long_c" $half $half >report-long-name.cgout
	run report-long-name "$builddir/cg_annotate" report-long-name.cgout
	check_refused report-sum/long-name report-long-name cg_annotate \
		"report-long-name.cgout: counts overflow 64 bits when summed: the total of $long_c"
fi

# The counts that wrapped are kept in a table of their own (cg_carries.c),
# which only such sums fill.  An overflow is named by its line, the lowest
# of those that stay out of range: line 7 here, not the function's first.
printf 'cmd: c\nevents: A\nfl=a.c\nfn=f\n1 1\n7 5000000000000000000\n8 -5000000000000000000\nsummary: 1\n' >named-line.cgout
run named-line "$builddir/cg_merge" named-line.cgout named-line.cgout
check_refused overflow-names-its-line named-line cg_merge \
	'the profiles: counts overflow 64 bits when summed: A of line 7 of f in a.c'
# One line out of range after 0 to 39 others, so that its entry falls in
# each slot of the table in turn, its last included: every one is found.
lead=0
missed=
while [ $lead -lt 40 ]; do
	awk -v lead=$lead 'BEGIN {
		print "cmd: c"; print "events: A"; print "fl=a.c"; print "fn=f"
		for (i = 1; i <= lead; i++) print i, 0
		# A string: mawk would print the number as 5e+18.
		print lead + 1, "5000000000000000000"
		print "summary: 5000000000000000000"
	}' >one-out.cgout
	run one-out "$builddir/cg_merge" -o one-out.out one-out.cgout one-out.cgout
	grep -q "^cg_merge: error: the profiles: counts overflow 64 bits when summed: A of line $((lead + 1)) of f in a.c\$" one-out.stderr &&
		[ "$(cat one-out.status)" = 1 ] && [ ! -e one-out.out ] ||
		missed="$missed $((lead + 1))"
	lead=$((lead + 1))
done
if [ -z "$missed" ]; then
	pass overflow-in-every-slot
else
	fail overflow-in-every-slot "not refused, or misnamed, for line(s)$missed"
fi
# 200 lines that leave 64 bits and come back, the table growing past each
# size while they wrap: no carry is lost on the way.
for sign in 1 -1; do
	awk -v sign=$sign 'BEGIN {
		print "cmd: c"; print "events: A"; print "fl=a.c"; print "fn=f"
		for (i = 1; i <= 200; i++)
			printf "%d %s5000000000000000000\n", i, (i % 2 == 1) == (sign > 0) ? "" : "-"
		print "summary: 0"
	}' >"wraps$sign.cgout"
done
run wraps-once "$builddir/cg_merge" -o wraps-once.out wraps1.cgout
run wraps-back "$builddir/cg_merge" -o wraps-back.out wraps1.cgout wraps1.cgout wraps-1.cgout
check_accepted carries-kept-as-table-grows wraps-back &&
	same_file carries-kept-as-table-grows wraps-back.out wraps-once.out

# ---- malformed structure -----------------------------------------------------------

printf 'desc: d\ncmd: c\nevents: A B\nevents: A B\nfl=a.c\nfn=f\n1 1 1\nsummary: 1 1\n' >two-events.cgout
refused two-events-lines two-events.cgout 'two-events.cgout:4: '

# Files whose events differ cannot be combined.
run events-differ "$builddir/cg_diff" good.cgout no-fn.cgout
check_refused events-differ/cg_diff events-differ cg_diff "events in data files don't match"

# ---- files that cannot be read -------------------------------------------------------

refused missing-file no-such.cgout "[Errno 2] No such file or directory: 'no-such.cgout'"
mkdir folder.cgout
refused folder folder.cgout "[Errno 21] Is a directory: 'folder.cgout'"

# as_nobody COMMAND...: runs COMMAND as an unprivileged user (when root).
as_nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
}
# Root reads and writes whatever the permissions say; when root, the
# permission tests run as "nobody" if that user can reach the build.
unprivileged=
if [ "$(id -u)" != 0 ]; then
	unprivileged=yes
elif command -v setpriv >/dev/null 2>&1 &&
	as_nobody "$builddir/cg_merge" --version >/dev/null 2>&1 &&
	as_nobody test -r good.cgout; then
	unprivileged=nobody
fi
as_tester() {
	if [ "$unprivileged" = nobody ]; then as_nobody "$@"; else "$@"; fi
}

cp good.cgout locked.cgout && chmod 000 locked.cgout
chmod 777 . # for a tester that is nobody: room for its outputs
if [ -n "$unprivileged" ]; then
	for program in $programs; do
		case $program in
		cg_merge) run "locked-$program" as_tester "$builddir/cg_merge" -o "locked-$program.out" locked.cgout ;;
		cg_diff) run "locked-$program" as_tester "$builddir/cg_diff" good.cgout locked.cgout ;;
		cg_annotate) run "locked-$program" as_tester "$builddir/cg_annotate" locked.cgout ;;
		esac
		check_refused "unreadable-file/$program" "locked-$program" "$program" "[Errno 13] Permission denied: 'locked.cgout'"
	done
else
	# The folder case above is the unreadable input that root has too.
	pass "unreadable-file (root, and no unprivileged user: the folder case stands for it)"
fi

# ---- outputs that cannot be written -----------------------------------------------

# cg_merge -o into a missing folder, a "folder" that is a file, a read-only
# folder.
run out-missing "$builddir/cg_merge" -o no-such-folder/out-missing.out good.cgout
check_refused output-in-missing-folder out-missing cg_merge "[Errno 2] No such file or directory: 'no-such-folder/out-missing.out'"
[ -e no-such-folder ] && fail output-in-missing-folder/created "no-such-folder was created"
: >plain-file
run out-notdir "$builddir/cg_merge" -o plain-file/out-notdir.out good.cgout
check_refused output-in-file-not-folder out-notdir cg_merge "[Errno 20] Not a directory: 'plain-file/out-notdir.out'"
mkdir read-only && chmod 555 read-only
if [ -n "$unprivileged" ]; then
	run out-readonly as_tester "$builddir/cg_merge" -o read-only/out.out good.cgout
	check_refused output-in-read-only-folder out-readonly cg_merge "[Errno 13] Permission denied: 'read-only/out.out'"
	if [ -n "$(ls read-only)" ]; then
		fail output-in-read-only-folder/left "left read-only/$(ls read-only | head -n 1)"
	fi
else
	pass "output-in-read-only-folder (root, and no unprivileged user: the missing-folder case stands for it)"
fi

# Outputs where renaming a temporary over the name would be wrong: a
# symbolic link's target gets the output (one that does not exist yet
# too), both names of a hard-linked file do; an existing file keeps its
# permissions; a name too long for a temporary's suffix is written all
# the same.
mkdir places
echo old >places/target && ln -s target places/link
ln -s new-target places/dangling
echo old >places/linked && ln places/linked places/other-name
echo old >places/kept && chmod 640 places/kept
long=$(printf '%0252d' 0)
for place in link dangling linked kept "$long"; do
	"$builddir/cg_merge" -o "places/$place" good.cgout >/dev/null 2>>places.stderr
	echo $? >>places.status
done
merged_into() { cmp -s "places/$1" places/expected; }
"$builddir/cg_merge" -o places/expected good.cgout
if [ "$(sort -u places.status)" = 0 ] && [ ! -s places.stderr ] &&
	[ -L places/link ] && merged_into target && merged_into other-name &&
	[ -L places/dangling ] && merged_into new-target &&
	merged_into kept && merged_into "$long" &&
	[ "$(stat -c %a places/kept)" = 640 ] &&
	[ "$(ls places | wc -l)" = 9 ]; then
	pass output-places
else
	fail output-places "status $(sort -u places.status | tr '\n' ' '), $(head -n 1 places.stderr), $(ls -l places | cut -c1-40 | tr '\n' '|')"
fi
# A folder name too long for the system, with a base name shorter than the
# temporary's own short form ("cg.XXXXXX"): refused as the system refuses
# it, the short form tried without writing past the name's room.
run too-long-folder "$builddir/cg_merge" -o "$(printf '%0300d' 0)/x" good.cgout
check_refused output-in-too-long-folder too-long-folder cg_merge "File name too long"
# A temporary whose permissions cannot be set (fchmod() refused, as some
# file systems refuse it): the output is written in place instead, with
# the permissions a new file gets, not renamed in with the temporary's 600.
cat >refuse-fchmod.c <<'EOF_C'
#include <errno.h>
#include <sys/types.h>
int fchmod(int fd, mode_t mode)
{
	(void)fd;
	(void)mode;
	errno = EPERM;
	return -1;
}
EOF_C
if preload_library refuse-fchmod output-without-fchmod; then
	(umask 022 && run no-fchmod preloaded "$work/refuse-fchmod.so" \
		"$builddir/cg_merge" -o no-fchmod.out good.cgout)
	if check_accepted output-without-fchmod no-fchmod; then
		if [ "$(stat -c %a no-fchmod.out)" = 644 ] && cmp -s no-fchmod.out places/expected &&
			[ -z "$(ls no-fchmod.out.* 2>/dev/null)" ]; then
			pass output-without-fchmod
		else
			fail output-without-fchmod "$(ls -l no-fchmod.out* | cut -c1-40 | tr '\n' '|')"
		fi
	fi
fi
if [ -n "$unprivileged" ]; then
	chmod 755 read-only && echo old >read-only/writable && chmod 666 read-only/writable && chmod 555 read-only
	run out-readonly-file as_tester "$builddir/cg_merge" -o read-only/writable good.cgout
	if [ "$(cat out-readonly-file.status)" = 0 ] && [ ! -s out-readonly-file.stderr ] &&
		cmp -s read-only/writable places/expected; then
		pass output-file-in-read-only-folder
	else
		fail output-file-in-read-only-folder "status $(cat out-readonly-file.status): $(head -n 1 out-readonly-file.stderr)"
	fi
else
	pass "output-file-in-read-only-folder (root, and no unprivileged user: the other places stand for it)"
fi

# Files of others.  One the user may not write is refused, as opening it
# would be, not replaced; one of another owner keeps its owner (root
# writing over nobody's; nobody writing over root's in a folder with the
# sticky bit, where a rename is refused), written in place.
if [ "$unprivileged" = nobody ]; then
	mkdir others && chmod 1777 others
	echo old >others/locked && chmod 444 others/locked
	run out-locked as_nobody "$builddir/cg_merge" -o others/locked good.cgout
	check_refused output-write-protected out-locked cg_merge "[Errno 13] Permission denied: 'others/locked'"
	[ "$(cat others/locked)" = old ] || fail output-write-protected/kept "others/locked was changed"
	echo old >others/shared && chmod 666 others/shared
	run out-shared as_nobody "$builddir/cg_merge" -o others/shared good.cgout
	echo old >others/nobodys && chown 65534 others/nobodys && chmod 640 others/nobodys
	run out-nobodys "$builddir/cg_merge" -o others/nobodys good.cgout
	# In a set-group-ID folder a new file takes the folder's group; the
	# replaced file's stays.
	mkdir group-folder && chgrp 65534 group-folder && chmod 2775 group-folder &&
		echo old >group-folder/kept && chgrp 0 group-folder/kept
	"$builddir/cg_merge" -o group-folder/kept good.cgout
	if [ "$(stat -c %g group-folder/kept)" = 0 ] && cmp -s group-folder/kept places/expected; then
		pass output-group-in-set-group-folder
	else
		fail output-group-in-set-group-folder "$(ls -ln group-folder | tr '\n' '|')"
	fi
	if [ "$(cat out-shared.status) $(cat out-nobodys.status)" = "0 0" ] &&
		[ ! -s out-shared.stderr ] && [ ! -s out-nobodys.stderr ] &&
		cmp -s others/shared places/expected && cmp -s others/nobodys places/expected &&
		[ "$(stat -c '%u %a' others/shared)" = "0 666" ] &&
		[ "$(stat -c '%u %a' others/nobodys)" = "65534 640" ] &&
		[ "$(ls others | wc -l)" = 3 ]; then
		pass output-of-others
	else
		fail output-of-others "status $(cat out-shared.status) $(cat out-nobodys.status): $(cat out-shared.stderr out-nobodys.stderr | head -n 1) $(ls -ln others | cut -c1-40 | tr '\n' '|')"
	fi
else
	pass "output-of-others (not root, or no unprivileged user: output-places stands for it)"
fi

# A full disk: /dev/full for each program's output.
run full-merge "$builddir/cg_merge" -o /dev/full good.cgout
check_refused dev-full/cg_merge full-merge cg_merge "cannot write '/dev/full': No space left on device"
run full-diff sh -c '"$1" good.cgout good.cgout >/dev/full' sh "$builddir/cg_diff"
check_refused dev-full/cg_diff full-diff cg_diff 'No space left on device'
case $programs in *cg_annotate*)
	run full-annotate sh -c '"$1" good.cgout >/dev/full' sh "$builddir/cg_annotate"
	check_refused dev-full/cg_annotate full-annotate cg_annotate 'No space left on device'
	;;
esac

# --help and --version on a full disk: refused like any other output, not
# a success that printed nothing.
for program in $programs; do
	for option in --help --version; do
		run "full$option-$program" sh -c '"$1" "$2" >/dev/full' sh "$builddir/$program" "$option"
		check_refused "dev-full$option/$program" "full$option-$program" "$program" \
			"cannot write '<stdout>': No space left on device"
	done
done

# An output whose reader has gone: a pipe whose read end is closed before
# the program starts (python3 makes one, and restores SIGPIPE's default in
# the program): one line and status 1, not death by the signal.
if command -v python3 >/dev/null 2>&1; then
	closed_pipe() {
		python3 -c 'import os, subprocess, sys
r, w = os.pipe()
os.close(r)
sys.exit(subprocess.run(sys.argv[1:], stdout=w).returncode)' "$@"
	}
	for program in $programs; do
		case $program in
		cg_diff) run "pipe-$program" closed_pipe "$builddir/$program" good.cgout good.cgout ;;
		*) run "pipe-$program" closed_pipe "$builddir/$program" good.cgout ;;
		esac
		check_refused "closed-pipe/$program" "pipe-$program" "$program" "Broken pipe"
	done
else
	pass "closed-pipe (no python3 to make the pipe)"
fi

# An input that never ends a line is read until memory runs out (under a
# limit of 400 MB here), then refused in one line like any other input,
# naming the file and the line being read.
# A sanitized build cannot start under such a limit (its shadow memory
# alone is larger), which the first run shows: in a shell of its own,
# whose report of the program's death ("Aborted") goes where its output
# does, not into the suite's.
if sh -c 'ulimit -v 400000 && "$1" --version; exit $?' sh \
	"$builddir/cg_merge" >/dev/null 2>&1; then
	for program in $programs; do
		(ulimit -v 400000 && invoke "endless-line-$program" "$program" /dev/zero)
		check_refused "endless-line/$program" "endless-line-$program" \
			"$program" "/dev/zero:1: out of memory"
	done
	# A report that memory cannot hold, of a profile that it can (100,000
	# files, a report of some 120 MB with --threshold=0, under a limit of
	# 160 MB): refused whole, not cut short.
	if [ -x "$builddir/cg_annotate" ]; then
		awk 'BEGIN {
			print "cmd: c"; print "events: A B C D E F G H I"
			for (i = 0; i < 100000; i++)
				printf "fl=src/folder%d/file%d.c\nfn=function_%d\n%d 1 2 3 4 5 6 7 8 9\n", i % 100, i, i, i + 1
			print "summary: 100000 200000 300000 400000 500000 600000 700000 800000 900000"
		}' >wide.cgout
		(ulimit -v 160000 && run wide-short "$builddir/cg_annotate" --threshold=20 wide.cgout)
		(ulimit -v 160000 && run wide-whole "$builddir/cg_annotate" --threshold=0 wide.cgout)
		if [ "$(cat wide-short.status)" != 0 ] || [ ! -s wide-short.stdout ]; then
			fail report-beyond-memory "the profile alone does not fit under the limit: $(head -n 1 wide-short.stderr)"
		else
			check_refused report-beyond-memory wide-whole cg_annotate "out of memory"
		fi
		# A source to annotate that memory cannot hold (a sparse file of
		# 200 MB under a limit of 160 MB) is named in the refusal.
		printf 'cmd: c\nevents: A\nfl=huge-source.c\nfn=f\n1 5\nsummary: 5\n' >huge-source.cgout
		rm -f huge-source.c && truncate -s 200M huge-source.c
		(ulimit -v 160000 && run huge-source "$builddir/cg_annotate" huge-source.cgout)
		rm -f huge-source.c
		check_refused source-beyond-memory huge-source cg_annotate \
			"huge-source.c: out of memory"
	fi
	# cg_diff keeps each function's total, not its lines: 600,000 lines
	# of nine events (some 65 MB kept as lines) under a limit of 40 MB.
	if [ -x "$builddir/cg_diff" ]; then
		awk 'BEGIN {
			print "cmd: c"; print "events: A B C D E F G H I"; print "fl=a.c"; print "fn=f"
			for (i = 1; i <= 600000; i++) print i, 1, 1, 1, 1, 1, 1, 1, 1, 1
			print "summary: 600000 600000 600000 600000 600000 600000 600000 600000 600000"
		}' >many-lines.cgout
		(ulimit -v 40000 && run many-lines "$builddir/cg_diff" many-lines.cgout many-lines.cgout)
		if check_accepted diff-keeps-no-lines many-lines; then
			if [ "$(tail -n 3 many-lines.stdout | tr '\n' '|')" = \
				"fn=f|0 0 0 0 0 0 0 0 0 0|summary: 0 0 0 0 0 0 0 0 0|" ]; then
				pass diff-keeps-no-lines
			else
				fail diff-keeps-no-lines "no zero difference for f"
			fi
		fi
		rm -f many-lines.cgout
	fi
else
	pass "endless-line (not under a memory limit: a sanitized build)"
fi

# A full disk under a regular file, as a file-size limit, SIGXFSZ as the
# program finds it by default (it ignores the signal, as Python does, so
# that the write past the limit fails with EFBIG): the previous file stays
# as it was and no temporary is left.
echo previous >full-file.out
cp full-file.out full-file.previous
run full-file sh -c 'trap - XFSZ; ulimit -f 64; exec "$1" -o full-file.out events.cgout' sh "$builddir/cg_merge"
status=$(cat full-file.status)
if [ "$status" != 1 ] || [ "$(wc -l <full-file.stderr)" -ne 1 ] ||
	! grep -q "^cg_merge: error: cannot write 'full-file.out': File too large$" full-file.stderr; then
	fail output-on-full-disk "status $status, stderr: $(head -n 2 full-file.stderr | tr '\n' '|')"
elif ! cmp -s full-file.out full-file.previous; then
	fail output-on-full-disk "full-file.out was changed"
elif [ -n "$(ls full-file.out.* 2>/dev/null)" ]; then
	fail output-on-full-disk "left $(ls full-file.out.*)"
else
	pass output-on-full-disk
fi

# The same limit where no temporary can stand in: a hard-linked file,
# written in place, is left empty rather than half written; a name too
# long for a temporary's suffix gets a shorter temporary, and nothing is
# left of it.
mkdir limited && echo previous >limited/linked && ln limited/linked limited/other-name
long=$(printf '%0252d' 0)
for place in linked "$long"; do
	run "limited-${place%"$long"}" sh -c 'ulimit -f 64; exec "$1" -o "$2" events.cgout' sh "$builddir/cg_merge" "limited/$place"
done
if [ "$(cat limited-linked.status) $(cat limited-.status)" = "1 1" ] &&
	grep -q "cannot write 'limited/linked': File too large" limited-linked.stderr &&
	grep -q "File too large" limited-.stderr &&
	[ ! -s limited/linked ] && [ ! -s limited/other-name ] &&
	[ "$(ls limited | wc -l)" = 2 ]; then
	pass output-on-full-disk-in-place
else
	fail output-on-full-disk-in-place "status $(cat limited-linked.status) $(cat limited-.status): $(ls -l limited | cut -c1-40 | tr '\n' '|')"
fi

# A signal that ends cg_merge while its output is under a temporary name
# (SIGTERM, raised here by a rename() preloaded in its place) takes the
# temporary with it; the previous file stays.
cat >raise-at-rename.c <<'EOF_C'
#include <signal.h>
int rename(const char* from, const char* to)
{
	(void)from;
	(void)to;
	raise(SIGTERM);
	return -1;
}
EOF_C
if preload_library raise-at-rename output-on-signal; then
	echo previous >signalled.out
	run signalled preloaded "$work/raise-at-rename.so" \
		"$builddir/cg_merge" -o signalled.out good.cgout
	if [ "$(cat signalled.status)" = 143 ] && [ "$(cat signalled.out)" = previous ] &&
		[ -z "$(ls signalled.out.* 2>/dev/null)" ]; then
		pass output-on-signal
	else
		fail output-on-signal "status $(cat signalled.status), left: $(ls signalled.out* | tr '\n' ' ')"
	fi
fi

# A profile that changes between cg_annotate's two readings (the first
# for the summaries, the second for the annotated lines, as a run ending
# while its profile is read would make happen) is refused before anything
# is printed: replaced by a file of other counts under the same status
# (only the counts tell; the preloaded open() opens the other file at the
# second opening), or renamed over between the two (its status tells).
cat >swap-at-second-open.c <<'EOF_C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* The second opening of $SWAP_PATH opens $SWAP_WITH instead, or, with
 * $SWAP_BY_RENAME set, renames $SWAP_WITH over $SWAP_PATH first. */
static int swapped_open(const char* symbol, const char* path, int flags,
			mode_t mode)
{
	static int openings;
	int (*real)(const char*, int, ...) =
		(int (*)(const char*, int, ...))dlsym(RTLD_NEXT, symbol);
	const char* target = getenv("SWAP_PATH");
	if (target != NULL && strcmp(path, target) == 0 && ++openings == 2) {
		if (getenv("SWAP_BY_RENAME") != NULL)
			rename(getenv("SWAP_WITH"), path);
		else
			path = getenv("SWAP_WITH");
	}
	return real(path, flags, mode);
}
#define SWAPPED(name) \
	int name(const char* path, int flags, ...) \
	{ \
		mode_t mode = 0; \
		if (flags & O_CREAT) { \
			va_list args; \
			va_start(args, flags); \
			mode = va_arg(args, mode_t); \
			va_end(args); \
		} \
		return swapped_open(#name, path, flags, mode); \
	}
SWAPPED(open)
SWAPPED(open64)
EOF_C
case $programs in *cg_annotate*)
	if preload_library swap-at-second-open changed-between-readings -ldl; then
		printf 'cmd: other\nevents: Ir Dr Dw\nfl=other.c\nfn=f\n1 1 2 3\nsummary: 1 2 3\n' >other-events.cgout
		cp good.cgout changing.cgout
		run changed-counts preloaded "$work/swap-at-second-open.so" env \
			SWAP_PATH=changing.cgout SWAP_WITH=other-events.cgout \
			"$builddir/cg_annotate" changing.cgout
		check_refused changed-between-readings/counts changed-counts cg_annotate \
			"changing.cgout: changed while cg_annotate was reading it"
		awk '/^summary:/ { $2 = $2 + 1 } /^8 9 / { $2 = 10 } { print }' good.cgout >renamed-over.cgout
		run changed-file preloaded "$work/swap-at-second-open.so" env \
			SWAP_PATH=changing.cgout SWAP_WITH=renamed-over.cgout SWAP_BY_RENAME=1 \
			"$builddir/cg_annotate" good.cgout changing.cgout
		check_refused changed-between-readings/file changed-file cg_annotate \
			"changing.cgout: changed while cg_annotate was reading it"
		# Cut short while it is rewritten: what the second reading
		# finds wrong is blamed on the change, not on the file.
		cp good.cgout changing.cgout
		head -n 9 good.cgout >cut-short.cgout
		run changed-cut-short preloaded "$work/swap-at-second-open.so" env \
			SWAP_PATH=changing.cgout SWAP_WITH=cut-short.cgout SWAP_BY_RENAME=1 \
			"$builddir/cg_annotate" changing.cgout
		check_refused changed-between-readings/cut-short changed-cut-short cg_annotate \
			"changing.cgout: changed while cg_annotate was reading it"
	fi
	;;
esac

# ---- inputs made to cost much -----------------------------------------------------

# Line numbers chosen so that the line table's hash of them, were it the
# fixed one these programs once had, would be the same for all (a mixing of
# the line and the pair's index, which the generator inverts): 400,000
# lines that would each have searched past all the ones before, for some
# 70 s, where they take a tenth of a second.  The table's hash is keyed at
# random now (cg_hash.c); the limit of 20 s of processor time only ends a
# run that has fallen back to quadratic time.
cat >same-slot.c <<'EOF_C'
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv)
{
	const uint64_t multiplier = 0xff51afd7ed558ccdULL;
	const uint64_t golden = 0x9e3779b97f4a7c15ULL;
	uint64_t multiplier_inverse = 1, golden_inverse = 1;
	/* Newton's iteration for inverses modulo 2^64 of odd numbers. */
	for (int i = 0; i < 6; i++) {
		multiplier_inverse *= 2 - multiplier * multiplier_inverse;
		golden_inverse *= 2 - golden * golden_inverse;
	}
	unsigned long count = strtoul(argv[1], NULL, 10);
	printf("cmd: same-slot\nevents: A\nfl=a.c\nfn=f\n");
	for (uint64_t high = 1; high <= count; high++) {
		/* The words the hash turns into 0x12345678, undone step by step:
		 * x ^= x >> 33, x *= multiplier, x ^= x >> 33, then the low 32
		 * bits, of line * golden + 0 (the first pair). */
		uint64_t mixed = high << 33;
		mixed |= (0x12345678u ^ (mixed >> 33)) & 0xffffffffu;
		uint64_t multiplied = mixed * multiplier_inverse;
		uint64_t word = multiplied ^ (multiplied >> 33);
		printf("%llu 1\n", (unsigned long long)(word * golden_inverse));
	}
	printf("summary: %lu\n", count);
	(void)argc;
	return 0;
}
EOF_C
if cc -O2 -o same-slot same-slot.c 2>/dev/null && ./same-slot 400000 >same-slot.cgout; then
	(ulimit -t 20 && run same-slot "$builddir/cg_merge" -o same-slot.out same-slot.cgout)
	if check_accepted lines-in-one-slot same-slot; then
		if [ "$(tail -n 1 same-slot.out)" = "summary: 400000" ] &&
			[ "$(grep -c ' 1$' same-slot.out)" = 400000 ]; then
			pass lines-in-one-slot
		else
			fail lines-in-one-slot "the merged profile is not the input's 400,000 lines"
		fi
	fi
else
	fail lines-in-one-slot "same-slot.c does not compile or run"
fi

# Pairs whose numbers and line numbers agree (function k's line k): a hash
# that mixed the two words as one, their xor, would put 400,000 of them in
# one slot.
awk 'BEGIN {
	print "cmd: c"; print "events: A"; print "fl=a.c"
	for (k = 0; k < 400000; k++) printf "fn=f%d\n%d 1\n", k, k
	print "summary: 400000"
}' >pair-equals-line.cgout
(ulimit -t 20 && run pair-equals-line "$builddir/cg_merge" -o pair-equals-line.out pair-equals-line.cgout)
check_accepted pairs-and-lines-alike pair-equals-line &&
	same_file pairs-and-lines-alike pair-equals-line.out pair-equals-line.cgout

# A renaming of every match in a long name that is not valid UTF-8 (a
# million letters, then a byte no character starts with): PCRE2 checks
# the name from each match to its first invalid byte, which would take
# some quarter of an hour; the stretch of valid bytes is given to it
# unchecked instead.
awk -v word="$(printf '%01000d' 0 | tr 0 a)" 'BEGIN {
	print "cmd: c"; print "events: A"; print "fl=a.c"
	printf "fn="; for (i = 0; i < 1000; i++) printf "%s", word; printf "\377\n"
	print "1 1"; print "summary: 1"
}' >long-invalid-name.cgout
(ulimit -t 20 && run long-invalid-name "$builddir/cg_diff" --mod-funcname='s/a/b/g' long-invalid-name.cgout long-invalid-name.cgout)
if check_accepted renaming-a-long-invalid-name long-invalid-name; then
	if [ "$(grep -a '^fn=' long-invalid-name.stdout | tr -d '\377\n' | tr b x | wc -c)" = 1000003 ] &&
		! grep -a '^fn=' long-invalid-name.stdout | grep -q a &&
		grep -a '^fn=' long-invalid-name.stdout | grep -q "$(printf '\377')\$"; then
		pass renaming-a-long-invalid-name
	else
		fail renaming-a-long-invalid-name "the name is not a million b and its byte"
	fi
fi

# A table of lines grown as they come (read from a pipe, its size unknown),
# when the second file gives them in the other order: each line is found
# again, whichever slot it had before the table grew, and written once.
awk 'BEGIN {
	print "cmd: c"; print "events: A"; print "fl=a.c"; print "fn=f"
	for (i = 1; i <= 200000; i++) print i, 1
	print "summary: 200000"
}' >ascending.cgout
awk 'BEGIN {
	print "cmd: c"; print "events: A"; print "fl=a.c"; print "fn=f"
	for (i = 200000; i >= 1; i--) print i, 1
	print "summary: 200000"
}' >descending.cgout
sed -e 's/ 1$/ 2/' -e 's/^summary: .*/summary: 400000/' ascending.cgout >both-orders.want
run both-orders sh -c 'cat ascending.cgout | "$1" /dev/stdin descending.cgout' sh "$builddir/cg_merge"
check_accepted lines-found-as-table-grows both-orders &&
	same_file lines-found-as-table-grows both-orders.stdout both-orders.want

# A line longer than a read of a pipe (64 KB) is searched for its end
# once, not again from its start after each read: with memchr() counted
# by a preloaded one, a name of 16 MB read through a pipe costs under four
# times the file's bytes (once for an LF, once for a CR, once for a zero
# byte in the name), where searching again after each read cost some 256
# times.
cat >count-memchr.c <<'EOF_C'
#include <stdio.h>
#include <stdlib.h>

static unsigned long long looked_at;

void* memchr(const void* start, int c, size_t length)
{
	const unsigned char* bytes = start;
	for (size_t i = 0; i < length; i++)
		if (bytes[i] == (unsigned char)c) {
			looked_at += i + 1;
			return (void*)(bytes + i);
		}
	looked_at += length;
	return NULL;
}

__attribute__((destructor)) static void say_how_many(void)
{
	const char* path = getenv("MEMCHR_COUNT");
	FILE* out = path ? fopen(path, "w") : NULL;
	if (out) {
		fprintf(out, "%llu\n", looked_at);
		fclose(out);
	}
}
EOF_C
if preload_library count-memchr long-line-through-pipe; then
	awk 'BEGIN {
		printf "cmd: c\nevents: A\nfl="
		for (i = 0; i < 16384; i++)
			printf "%01024d", 0
		printf "\nfn=f\n1 5\nsummary: 5\n"
	}' >long-line.cgout
	# Preloaded in the shell and cat too, but counted only in cg_merge.
	run long-line preloaded "$work/count-memchr.so" sh -c \
		'cat "$1" | MEMCHR_COUNT=long-line.count "$2" /dev/stdin' \
		sh long-line.cgout "$builddir/cg_merge"
	if check_accepted long-line-through-pipe long-line; then
		size=$(wc -c <long-line.cgout)
		looked_at=$(cat long-line.count 2>/dev/null)
		if ! cmp -s long-line.stdout long-line.cgout; then
			fail long-line-through-pipe "the output is not the input"
		elif [ -z "$looked_at" ] || [ "$looked_at" -ge $((4 * size)) ]; then
			fail long-line-through-pipe "memchr() looked at ${looked_at:-no count of} bytes of a file of $size"
		else
			pass long-line-through-pipe
		fi
	fi
fi

# A large file with little in it (1 GB of comment lines, sparse on the
# disk) is read under a memory limit of 400 MB: its size once made
# cg_merge ready a table for 32 million lines before reading one.  Not for
# a sanitized build, which cannot start under the limit.
if sh -c 'ulimit -v 400000 && "$1" --version; exit $?' sh \
	"$builddir/cg_merge" >/dev/null 2>&1; then
	printf 'cmd: c\nevents: A\n' >sparse.cgout
	line_length=33554432 # 32 MB: "#", zero bytes, LF
	at=$(wc -c <sparse.cgout)
	for line in $(seq 32); do
		printf '#' | dd of=sparse.cgout bs=1 seek=$at conv=notrunc status=none
		printf '\n' | dd of=sparse.cgout bs=1 seek=$((at + line_length - 1)) conv=notrunc status=none
		at=$((at + line_length))
	done
	printf 'fl=a.c\nfn=f\n1 5\nsummary: 5\n' >>sparse.cgout
	(ulimit -v 400000 && run sparse "$builddir/cg_merge" -o sparse.out sparse.cgout)
	if check_accepted large-file-little-in-it sparse; then
		if [ "$(cat sparse.out)" = "$(printf 'cmd: c\nevents: A\nfl=a.c\nfn=f\n1 5\nsummary: 5')" ]; then
			pass large-file-little-in-it
		else
			fail large-file-little-in-it "the merged profile: $(tr '\n' '|' <sparse.out | cut -c 1-100)"
		fi
	fi
	rm -f sparse.cgout
else
	pass "large-file-little-in-it (not under a memory limit: a sanitized build)"
fi

# ---- the fuzzers' inputs ------------------------------------------------------------
# Every profile the fuzzers start from or once failed on, through every
# program: accepted, or refused in one line.

# replay TEST NAME PROGRAM: the run NAME ended either way, cleanly.
replay() {
	status=$(cat "$2.status")
	if [ "$status" = 0 ] && [ ! -s "$2.stderr" ]; then
		pass "$1"
	elif [ "$status" = 1 ] && [ "$(wc -l <"$2.stderr")" -eq 1 ] &&
		grep -q "^$3: error: " "$2.stderr"; then
		pass "$1"
	else
		fail "$1" "status $status, stderr: $(head -n 2 "$2.stderr" | tr '\n' '|' | cut -c 1-200)"
	fi
}

for kind in fuzz-corpus fuzz-regressions; do
	for input in "$srcdir/tests/$kind/profile"/*; do
		[ -f "$input" ] || continue
		base=$(basename "$input")
		for program in $programs; do
			case $program in
			cg_merge) run "replay-$program" "$builddir/cg_merge" "$input" "$input" ;;
			cg_diff) run "replay-$program" "$builddir/cg_diff" "$input" "$input" ;;
			cg_annotate) run "replay-$program" "$builddir/cg_annotate" "$input" ;;
			esac
			replay "$kind/profile/$base/$program" "replay-$program" "$program"
		done
	done
done

# An expression input is the expression, a newline, then a name: cg_diff
# applies it (as --mod-filename and as --mod-funcname) to a profile naming
# a file and a function so (less any byte a name line cannot hold).
for kind in fuzz-corpus fuzz-regressions; do
	for input in "$srcdir/tests/$kind/subst"/*; do
		[ -f "$input" ] || continue
		base=$(basename "$input")
		expr=$(head -n 1 "$input" | tr -d '\000')
		name=$(tail -n +2 "$input" | tr -d '\000\r\n')
		printf 'desc: d\ncmd: c\nevents: A\nfl=%s\nfn=%s\n1 1\nsummary: 1\n' "${name:-x}" "${name:-x}" >subst-name.cgout
		for option in --mod-filename --mod-funcname; do
			run replay-subst "$builddir/cg_diff" "$option=$expr" subst-name.cgout subst-name.cgout
			status=$(cat replay-subst.status)
			if [ "$status" = 2 ] && grep -q "^cg_diff: error: argument $option: " replay-subst.stderr; then
				pass "$kind/subst/$base$option" # a usage error: an expression of the wrong form
			else
				replay "$kind/subst/$base$option" replay-subst cg_diff
			fi
		done
	done
done

# Its failures are its FAIL lines: reaching this end is a clean end (see
# run-all.sh, which counts any other end as a failure).
exit 0
