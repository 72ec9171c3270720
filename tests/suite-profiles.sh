#!/bin/sh
# The profiles suite: the profile reader and writer (cg_profile_read.c,
# cg_output.c) through the programs built on them, cg_merge and cg_diff.
#
# Every expected result comes from somewhere other than the programs under
# test: sums and differences from tests/profiles/costs.awk, an independent
# reader of the plain format; per-function differences from the installed
# Valgrind 3.19 cg_diff (and cg_merge), compared after parsing since their
# order differs; acceptance of our output from the installed cg_annotate;
# error messages and line numbers from the reader's contract at the top of
# cg_profile_read.c, worked out by hand for each input written here.
#
# The real profiles (tests/profiles/*.cgout) were made by Cachegrind from
# tests/profiles/v1/work.c and v2/work.c (see make-profiles.sh there).
#
# usage: sh tests/suite-profiles.sh SRCDIR BUILDDIR
# Prints one "PASS profiles/name" or "FAIL profiles/name: why" line per test.
# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck disable=SC2016 # the expected messages quote with backticks
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 SRCDIR BUILDDIR" >&2
	exit 2
fi
srcdir=$(cd "$1" && pwd) && builddir=$(cd "$2" && pwd) || exit 2
fixtures=$srcdir/tests/profiles
work=$builddir/tests/out/profiles
merge=$builddir/cg_merge
diff=$builddir/cg_diff
annotate=$builddir/cg_annotate
# Usage texts are wrapped to $COLUMNS: the checks of their first lines
# assume the usual 80.
LC_ALL=C COLUMNS=80
export LC_ALL COLUMNS

pass() { printf 'PASS profiles/%s\n' "$1"; }
fail() { printf 'FAIL profiles/%s: %s\n' "$1" "$2"; }
setup_fail() {
	fail setup "$1"
	exit 1
}

for program in "$merge" "$diff"; do
	[ -x "$program" ] ||
		setup_fail "$program not found (make cg_merge cg_diff first)"
done
for program in /usr/bin/cg_diff /usr/bin/cg_merge /usr/bin/cg_annotate; do
	[ -x "$program" ] || setup_fail "$program (Valgrind 3.19) not found"
done
rm -rf "$work"
mkdir -p "$work" || setup_fail "cannot create $work"
cp "$fixtures"/*.cgout "$work/" || setup_fail "cannot copy the profiles"
cd "$work" || setup_fail "cannot enter $work"

# costs [awk -v settings] FILE...: the independent reading, sorted.
costs() {
	awk -f "$fixtures/costs.awk" "$@" | sort
}

# doubled: costs output on stdin with every count doubled.
doubled() {
	awk -F '\t' 'BEGIN { OFS = "\t" } {
		n = split($NF, count, " "); text = ""
		for (i = 1; i <= n; i++)
			text = text (i > 1 ? " " : "") sprintf("%.0f", 2 * count[i])
		$NF = text; print }'
}

# same_costs NAME GOT WANT: passes if the two costs files are identical.
same_costs() {
	if cmp -s "$2" "$3"; then
		pass "$1"
	else
		fail "$1" "$(diff "$3" "$2" | grep -c '^[<>]') differing lines, first: $(diff "$3" "$2" | sed -n 2p)"
	fi
}

# run NAME PROGRAM ARG...: runs PROGRAM in $work, leaving NAME.stdout,
# NAME.stderr and NAME.status there.
run() {
	name=$1
	shift
	"$@" >"$name.stdout" 2>"$name.stderr"
	echo $? >"$name.status"
}

# no_output_left NAME: nothing named NAME.out or NAME.out.* exists.
no_output_left() {
	for leftover in "$1".out "$1".out.*; do
		[ -e "$leftover" ] && return 1
	done
	return 0
}

# ---- merging real profiles ----------------------------------------------------

costs w1.cgout w2.cgout w3.cgout >sum3.want
for order in "w1 w2 w3" "w3 w1 w2" "w2 w3 w1" "w3 w2 w1"; do
	tag=merge-$(echo "$order" | tr -d ' w')
	# shellcheck disable=SC2086 # ORDER is a list of names
	set -- $order
	run "$tag" "$merge" "$1.cgout" "$2.cgout" "$3.cgout"
	if [ "$(cat "$tag.status")" != 0 ] || [ -s "$tag.stderr" ]; then
		fail "merge-sum/$1-$2-$3" "status $(cat "$tag.status"): $(head -1 "$tag.stderr")"
		continue
	fi
	costs "$tag.stdout" >"$tag.got"
	same_costs "merge-sum/$1-$2-$3" "$tag.got" sum3.want
	# The header is the first file's.
	want_cmd=$(grep '^cmd:' "$1.cgout")
	got_cmd=$(grep '^cmd:' "$tag.stdout")
	if [ "$got_cmd" = "$want_cmd" ] &&
		[ "$(grep '^desc:' "$tag.stdout")" = "$(grep '^desc:' "$1.cgout")" ]; then
		pass "merge-header/$1-$2-$3"
	else
		fail "merge-header/$1-$2-$3" "got '$got_cmd', want '$want_cmd'"
	fi
done

# The sum does not depend on the order: the four results parse the same.
if cmp -s merge-123.got merge-312.got && cmp -s merge-123.got merge-231.got &&
	cmp -s merge-123.got merge-321.got; then
	pass merge-order-independent
else
	fail merge-order-independent "the parsed sums differ between input orders"
fi

# Valgrind 3.19's cg_merge sums the same.
run merge-ref /usr/bin/cg_merge w2.cgout w3.cgout w1.cgout
costs merge-ref.stdout >merge-ref.got
same_costs merge-equals-3.19 merge-ref.got sum3.want

# A profile merged with itself has every count doubled (9 and 13 events).
for profile in w1 br; do
	costs "$profile.cgout" | doubled >"self-$profile.want"
	run "self-$profile" "$merge" "$profile.cgout" "$profile.cgout"
	costs "self-$profile.stdout" >"self-$profile.got"
	same_costs "merge-self-doubles/$profile" "self-$profile.got" "self-$profile.want"
done

# One profile alone comes back with the same costs.
run single "$merge" w2.cgout
costs single.stdout >single.got
costs w2.cgout >single.want
same_costs merge-single single.got single.want

# -o writes the file (replacing what was there) and nothing on stdout,
# and leaves no temporary file.
echo old >o-write.out
run o-write "$merge" -o o-write.out w1.cgout w2.cgout w3.cgout
costs o-write.out >o-write.got 2>/dev/null
if [ "$(cat o-write.status)" = 0 ] && [ ! -s o-write.stdout ] &&
	cmp -s o-write.got sum3.want && ! ls o-write.out.* >/dev/null 2>&1; then
	pass merge-o
else
	fail merge-o "status $(cat o-write.status), stdout $(wc -c <o-write.stdout) bytes, $(ls o-write.out*)"
fi

# annotated PROFILE: the installed cg_annotate reads PROFILE without a
# warning and shows its summary line as the program totals.
annotated() {
	/usr/bin/cg_annotate --auto=no "$1" >"$1.annotated" 2>"$1.annotate-err" ||
		{ echo "cg_annotate exited with $?: $(head -1 "$1.annotate-err")"; return; }
	[ -s "$1.annotate-err" ] && { echo "cg_annotate: $(head -1 "$1.annotate-err")"; return; }
	grep -q WARNING "$1.annotated" && { echo "cg_annotate: $(grep -m1 WARNING "$1.annotated")"; return; }
	shown=$(grep 'PROGRAM TOTALS' "$1.annotated" |
		sed -e 's/([^)]*)//g' -e 's/PROGRAM TOTALS//' -e 's/,//g' -e 's/  */ /g' -e 's/^ //' -e 's/ $//')
	stated=$(sed -n 's/^summary: *//p' "$1" | sed -e 's/  */ /g' -e 's/ $//')
	[ "$shown" = "$stated" ] || echo "cg_annotate shows totals '$shown', the summary is '$stated'"
}

# read_back PROFILE [same-text]: our reader takes PROFILE back (cg_merge
# of it alone) with the same costs, and with "same-text" (cg_merge's own
# output, already in its order) the very same text.
read_back() {
	"$merge" "$1" >"$1.again" 2>"$1.again-err" ||
		{ echo "cg_merge rejects it: $(cat "$1.again-err")"; return; }
	costs "$1" >"$1.costs"
	costs "$1.again" >"$1.again-costs"
	cmp -s "$1.costs" "$1.again-costs" || { echo "costs change when read back"; return; }
	[ "${2-}" != same-text ] || cmp -s "$1" "$1.again" ||
		echo "the text changes when read back"
}

for profile in o-write.out self-br.stdout; do
	why=$(annotated "$profile")
	if [ -z "$why" ]; then pass "merge-annotate-accepts/$profile"; else fail "merge-annotate-accepts/$profile" "$why"; fi
	why=$(read_back "$profile" same-text)
	if [ -z "$why" ]; then pass "merge-read-back/$profile"; else fail "merge-read-back/$profile" "$why"; fi
done

# ---- diffing real profiles ----------------------------------------------------

# A profile diffed with itself: every count 0, every function still there.
for profile in w1 br; do
	run "diff-self-$profile" "$diff" "$profile.cgout" "$profile.cgout"
	out=diff-self-$profile.stdout
	nonzero=$(awk '/^[0-9]|^summary:/ {
		for (i = 2; i <= NF; i++) if ($i != 0) { print; exit } }' "$out")
	costs -v by=function "$profile.cgout" | cut -f1,2 | sed '$d' >"$out.want-keys"
	costs -v by=function "$out" | cut -f1,2 | sed '$d' >"$out.got-keys"
	if [ "$(cat "diff-self-$profile.status")" != 0 ]; then
		fail "diff-self-zero/$profile" "status $(cat "diff-self-$profile.status"): $(head -1 "diff-self-$profile.stderr")"
	elif [ -n "$nonzero" ]; then
		fail "diff-self-zero/$profile" "a nonzero count: $nonzero"
	elif ! grep -q '^summary:\( 0\)*$' "$out" ||
		[ "$(sed -n 's/^summary://p' "$out" | wc -w)" -ne "$(sed -n 's/^events://p' "$profile.cgout" | wc -w)" ]; then
		fail "diff-self-zero/$profile" "summary line: $(grep '^summary:' "$out")"
	elif ! cmp -s "$out.got-keys" "$out.want-keys"; then
		fail "diff-self-zero/$profile" "the (file, function) pairs are not the input's"
	else
		pass "diff-self-zero/$profile"
	fi
done

# cg_diff A B is B - A per function, as computed independently.
run diff-w2-v2 "$diff" w2.cgout v2.cgout
costs -v by=function diff-w2-v2.stdout >diff-w2-v2.got
costs -v by=function -v negate_first=1 w2.cgout v2.cgout >diff-w2-v2.want
same_costs diff-computed/w2-v2 diff-w2-v2.got diff-w2-v2.want

# The header names both files and both commands; pairs are sorted.
if [ "$(sed -n 1p diff-w2-v2.stdout)" = "desc: Files compared:   w2.cgout; v2.cgout" ] &&
	[ "$(sed -n 2p diff-w2-v2.stdout)" = "cmd: v1/work 2; v2/work 2" ] &&
	[ "$(sed -n 3p diff-w2-v2.stdout)" = "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw" ]; then
	pass diff-header
else
	fail diff-header "got: $(sed -n 1,3p diff-w2-v2.stdout | tr '\n' '|')"
fi
awk '/^fl=/ { file = substr($0, 4) } /^fn=/ { print file "\t" substr($0, 4) }' \
	diff-w2-v2.stdout >diff-w2-v2.pairs
if sort -c diff-w2-v2.pairs 2>/dev/null; then
	pass diff-sorted
else
	fail diff-sorted "pairs are not in (file, function) order"
fi

# compare_with_3_19 NAME FILE1 FILE2 [OURS-OPTION PERL-OPTION]...: our
# cg_diff and 3.19's give the same per-function costs; the options come
# in pairs, ours (s/// with \1) and 3.19's (a Perl expression with $1).
compare_with_3_19() {
	name=$1 first=$2 second=$3
	tag=$(echo "$name" | tr / _)
	shift 3
	ours_options='' reference_options=''
	set -f
	while [ $# -ge 2 ]; do
		ours_options="$ours_options $1"
		reference_options="$reference_options $2"
		shift 2
	done
	# The options hold no blanks, so word splitting rebuilds them.
	# shellcheck disable=SC2086
	"$diff" $ours_options "$first" "$second" >"$tag.ours" 2>"$tag.ours-err"
	ours_status=$?
	# shellcheck disable=SC2086
	/usr/bin/cg_diff $reference_options "$first" "$second" >"$tag.ref" 2>"$tag.ref-err"
	set +f
	if [ "$ours_status" != 0 ]; then
		fail "$name" "ours exited with $ours_status: $(head -1 "$tag.ours-err")"
		return
	fi
	costs -v by=function "$tag.ours" >"$tag.ours-costs"
	costs -v by=function "$tag.ref" >"$tag.ref-costs"
	if [ "$(wc -l <"$tag.ref-costs")" -lt 10 ]; then
		fail "$name" "3.19's cg_diff gave almost nothing: $(head -1 "$tag.ref-err")"
		return
	fi
	same_costs "$name" "$tag.ours-costs" "$tag.ref-costs"
}

compare_with_3_19 diff-equals-3.19/w2-v2 w2.cgout v2.cgout
compare_with_3_19 diff-equals-3.19/w3-w1 w3.cgout w1.cgout
compare_with_3_19 diff-equals-3.19/br-br br.cgout br.cgout
compare_with_3_19 diff-equals-3.19/mod-filename w2.cgout v2.cgout \
	'--mod-filename=s/v[12]\//vN\//' '--mod-filename=s/v[12]\//vN\//'
compare_with_3_19 diff-equals-3.19/mod-funcname w2.cgout v2.cgout \
	'--mod-funcname=s/(sum_primes)_v[0-9]/\1/i' '--mod-funcname=s/(sum_primes)_v[0-9]/$1/i'
compare_with_3_19 diff-equals-3.19/mod-both w2.cgout v2.cgout \
	'--mod-filename=s/v[12]\//vN\//' '--mod-filename=s/v[12]\//vN\//' \
	'--mod-funcname=s/SUM_PRIMES_V[12]/sum_primes/i' '--mod-funcname=s/SUM_PRIMES_V[12]/sum_primes/i'
compare_with_3_19 diff-equals-3.19/mod-global w1.cgout w3.cgout \
	'--mod-filename=s/[aeiou]//g' '--mod-filename=s/[aeiou]//g' \
	'--mod-funcname=s/_//g' '--mod-funcname=s/_//g'

# The renamings did meet v1's and v2's functions: one line, its difference.
line=$(grep -A2 '^fl=\./vN/work\.c' diff-equals-3.19_mod-both.ours 2>/dev/null |
	grep -A1 '^fn=sum_primes$' | sed -n 2p)
want=$(costs -v by=function -v negate_first=1 w2.cgout v2.cgout |
	awk -F '\t' '$2 ~ /^sum_primes_v[12]$/ { n = split($3, c, " ")
		for (i = 1; i <= n; i++) s[i] += c[i] } END {
		printf "0"; for (i = 1; i <= n; i++) printf " %.0f", s[i]; print "" }')
if [ -n "$line" ] && [ "$line" = "$want" ]; then
	pass diff-mod-meets
else
	fail diff-mod-meets "got '$line', want '$want'"
fi

for profile in diff-w2-v2.stdout diff-equals-3.19_mod-both.ours; do
	why=$(annotated "$profile")
	if [ -z "$why" ]; then pass "diff-annotate-accepts/$profile"; else fail "diff-annotate-accepts/$profile" "$why"; fi
	why=$(read_back "$profile")
	if [ -z "$why" ]; then pass "diff-read-back/$profile"; else fail "diff-read-back/$profile" "$why"; fi
done

# ---- the reader's rejections --------------------------------------------------
#
# Each input is written here; the expected message is the contract's, with
# the line number counted by hand (the header below is lines 1-3).

header='desc: d\ncmd: c\nevents: A B\n'

# write NAME FORMAT: writes printf FORMAT into NAME.cgout.
write() {
	# shellcheck disable=SC2059 # the format is the file's text
	printf "$2" >"$1.cgout"
}

# rejected NAME MESSAGE FILE...: "cg_merge -o NAME.out FILE..." exits with
# status 1, writes exactly "cg_merge: error: MESSAGE" to stderr and nothing
# to stdout, and leaves neither NAME.out nor a temporary NAME.out.XXXXXX.
# A single FILE is refused alike by "cg_diff FILE FILE" and "cg_annotate
# FILE" (which share the reader), unless NAME is in $merge_diff_only:
# cg_annotate reads fi= and fe= lines (a function's inlined files).
merge_diff_only=malformed-fi
rejected() {
	refused=$1 message=$2
	shift 2
	run "$refused" "$merge" -o "$refused.out" "$@"
	why=$(refusal_differs "$refused" cg_merge "$message")
	if [ -z "$why" ] && ! no_output_left "$refused"; then
		why="left $(ls "$refused".out*)"
	fi
	if [ -z "$why" ] && [ $# = 1 ]; then
		run "$refused-diff" "$diff" "$1" "$1"
		why=$(refusal_differs "$refused-diff" cg_diff "$message")
		case " $merge_diff_only " in
		*" $refused "*) ;;
		*)
			if [ -z "$why" ]; then
				run "$refused-annotate" "$annotate" "$1"
				why=$(refusal_differs "$refused-annotate" cg_annotate "$message")
			fi
			;;
		esac
	fi
	if [ -z "$why" ]; then pass "reject/$refused"; else fail "reject/$refused" "$why"; fi
}

# refusal_differs RUN PROGRAM MESSAGE: prints what is wrong, if anything,
# with RUN's ending: status 1, "PROGRAM: error: MESSAGE" alone on stderr,
# nothing on stdout.
refusal_differs() {
	printf '%s: error: %s\n' "$2" "$3" >"$1.want-err"
	if [ "$(cat "$1.status")" != 1 ]; then
		echo "$2: status $(cat "$1.status"), want 1; stderr: $(head -1 "$1.stderr")"
	elif ! cmp -s "$1.stderr" "$1.want-err"; then
		echo "$2: stderr '$(head -2 "$1.stderr" | tr '\n' '|')', want '$3'"
	elif [ -s "$1.stdout" ]; then
		echo "$2: something on stdout"
	fi
}

# Lines that are neither header, position, count nor summary lines.
write malformed-line "${header}fl=a.c\nfn=f\nxyz\nsummary: 0 0\n"
rejected malformed-line 'malformed-line.cgout:6: malformed line: xyz' malformed-line.cgout
write malformed-fi "${header}fl=a.c\nfn=f\nfi=b.h\n1 2 3\nsummary: 2 3\n"
rejected malformed-fi 'malformed-fi.cgout:6: malformed line: fi=b.h' malformed-fi.cgout
write malformed-key-in-body "${header}fl=a.c\ncreator: me\nsummary: 0 0\n"
rejected malformed-key-in-body 'malformed-key-in-body.cgout:5: malformed line: creator: me' malformed-key-in-body.cgout
write malformed-negative-line "${header}fl=a.c\nfn=f\n-1 1 3\nsummary: 1 3\n"
rejected malformed-negative-line 'malformed-negative-line.cgout:6: malformed line: -1 1 3' malformed-negative-line.cgout
write malformed-position "${header}fx=a.c\nsummary: 0 0\n"
rejected malformed-position 'malformed-position.cgout:4: malformed line: fx=a.c' malformed-position.cgout

# Counts: too many, not numbers, "." only alone, one sign at most, an
# underscore only between two digits (as Python's int() reads them).
for case in "too-many 1 2 3 4" "not-a-number 1 2 x" "dot-fraction 1 .5 3" \
	"dot-suffix 1 5. 3" "double-sign 1 --5 3" "bare-sign 1 - 3" \
	"sign-after 1 5- 3" "junk-after 1 5x 3" "underscore-doubled 1 1__000 3" \
	"underscore-last 1 1000_ 3" "underscore-first 1 _1000 3" \
	"underscore-after-sign 1 -_1 3" "line-underscore-last 1_ 2 3" \
	"line-junk 1x 2 3" "line-fraction 1.5 2 3"; do
	name=counts-${case%% *} line=${case#* }
	write "$name" "${header}fl=a.c\nfn=f\n${line}\nsummary: 0 0\n"
	rejected "$name" "$name.cgout:6: malformed or too many event counts" "$name.cgout"
done

# Fields are split as Python's str.split() splits them: on any run of
# ASCII whitespace, vertical tab, form feed and 0x1c-0x1f included.
write odd-blanks "desc: d\ncmd: c\nevents: A\013B\nfl=a.c\nfn=f\n1\0142\034\0373\nsummary:\0352\0363\n"
write odd-blanks-expected "desc: d\ncmd: c\nevents: A B\nfl=a.c\nfn=f\n1 2 3\nsummary: 2 3\n"
run odd-blanks "$merge" odd-blanks.cgout
if [ "$(cat odd-blanks.status)" = 0 ] && cmp -s odd-blanks.stdout odd-blanks-expected.cgout; then
	pass accept/odd-blanks
else
	fail accept/odd-blanks "status $(cat odd-blanks.status): $(head -1 odd-blanks.stderr)"
fi
# Lines of those blanks alone are blank lines; a blank outside ASCII
# (a no-break space, U+00A0) is none.
write odd-blank-lines "desc: d\ncmd: c\n\013\nevents: A B\n\014\034\035\nfl=a.c\nfn=f\n1 2 3\n\036\037\nsummary: 2 3\n\013\n"
run odd-blank-lines "$merge" odd-blank-lines.cgout
if [ "$(cat odd-blank-lines.status)" = 0 ] && cmp -s odd-blank-lines.stdout odd-blanks-expected.cgout; then
	pass accept/odd-blank-lines
else
	fail accept/odd-blank-lines "status $(cat odd-blank-lines.status): $(head -1 odd-blank-lines.stderr)"
fi
write no-break-space "${header}fl=a.c\nfn=f\n1 2\302\2403\nsummary: 2 3\n"
rejected no-break-space 'no-break-space.cgout:6: malformed or too many event counts' no-break-space.cgout
# Line ends of every kind, mixed, each counted once: CR CR LF is two.
write mixed-line-ends 'cmd: c\r\r\nevents: A\n\rfl=a.c\rfn=f\r\nbogus\n'
rejected mixed-line-ends 'mixed-line-ends.cgout:7: malformed line: bogus' mixed-line-ends.cgout

# Counts and line numbers beyond 64 bits.
for case in "count-over 1 9223372036854775808" \
	"count-under 1 0 -9223372036854775809" \
	"count-huge 1 99999999999999999999999"; do
	name=${case%% *} line=${case#* }
	write "$name" "${header}fl=a.c\nfn=f\n${line}\nsummary: 0 0\n"
	rejected "$name" "$name.cgout:6: event count out of 64-bit range" "$name.cgout"
done
write line-over "${header}fl=a.c\nfn=f\n18446744073709551616 1 2\nsummary: 1 2\n"
rejected line-over 'line-over.cgout:6: line number too large' line-over.cgout
# ... while every line number below 2^64 is one.
write line-max "${header}fl=a.c\nfn=f\n18446744073709551610 1 2\n18446744073709551615 3 4\nsummary: 4 6\n"
write line-max-expected "${header}fl=a.c\nfn=f\n18446744073709551610 1 2\n18446744073709551615 3 4\nsummary: 4 6\n"

# Sums beyond 64 bits.  Only the final value of a sum cg_merge writes (a
# line's, the summary's) must fit: one that stays beyond is refused,
# naming the line, else the summary, across files (the same line, or
# different functions: the total).  A function's total, which it does not
# write, may not fit (accepted below).
max=9223372036854775807 min=-9223372036854775808
write sum-over "${header}fl=a.c\nfn=f\n1 $max\n2 1\nfn=g\n3 -1\nsummary: $max 0\n"
write sum-under "${header}fl=a.c\nfn=f\n1 0 $min\n2 0 -1\nfn=g\n3 0 1\nsummary: 0 $min\n"
write max-a "${header}fl=a.c\nfn=f\n1 $max $min\nsummary: $max $min\n"
write one-a "${header}fl=a.c\nfn=f\n1 1 0\nsummary: 1 0\n"
write minus-one-a "${header}fl=a.c\nfn=f\n1 -1 0\nsummary: -1 0\n"
write one-b "${header}fl=b.c\nfn=g\n5 1 0\nsummary: 1 0\n"
write minus-one-b "${header}fl=b.c\nfn=g\n5 0 -1\nsummary: 0 -1\n"
rejected merge-over-line 'the profiles: counts overflow 64 bits when summed: A of line 1 of f in a.c' max-a.cgout one-a.cgout
rejected merge-over-total 'the profiles: counts overflow 64 bits when summed: A of the summary' max-a.cgout one-b.cgout
rejected merge-under-total 'the profiles: counts overflow 64 bits when summed: B of the summary' max-a.cgout minus-one-b.cgout

# accepted NAME EXPECTED FILE...: "cg_merge FILE..." succeeds quietly and
# writes the profile EXPECTED.cgout.
accepted() {
	name=$1 expected=$2
	shift 2
	run "$name" "$merge" "$@"
	if [ "$(cat "$name.status")" = 0 ] && [ ! -s "$name.stderr" ] &&
		cmp -s "$name.stdout" "$expected.cgout"; then
		pass "accept/$name"
	else
		fail "accept/$name" "status $(cat "$name.status"): $(head -1 "$name.stderr")$(diff "$expected.cgout" "$name.stdout" | sed -n 2p)"
	fi
}
# Sums that pass 2^63 (or -2^63) on the way and come back: a function's
# within a file, where its lines fit; a line's and the total across files.
write wander "${header}fl=a.c\nfn=f\n1 $max\n2 1 $min\n3 0 -1\n2 -2\n4 0 1\nsummary: 9223372036854775806 $min\n"
write wander-expected "${header}fl=a.c\nfn=f\n1 $max 0\n2 -1 $min\n3 0 -1\n4 0 1\nsummary: 9223372036854775806 $min\n"
accepted wander-in-file wander-expected wander.cgout
write sum-over-expected "${header}fl=a.c\nfn=f\n1 $max 0\n2 1 0\nfn=g\n3 -1 0\nsummary: $max 0\n"
write sum-under-expected "${header}fl=a.c\nfn=f\n1 0 $min\n2 0 -1\nfn=g\n3 0 1\nsummary: 0 $min\n"
accepted function-over sum-over-expected sum-over.cgout
accepted function-under sum-under-expected sum-under.cgout
accepted line-max line-max-expected line-max.cgout
accepted wander-across-files max-a max-a.cgout one-a.cgout minus-one-a.cgout
# Count lines before any fl= line belong to the file "" and, until an fn=
# line, the function "" (the annotate suite has what cg_annotate does).
write before-fl "${header}1 1\nfn=f\n2 0 3\nfl=a.c\n3 4\nsummary: 5 3\n"
write before-fl-expected "${header}fl=\nfn=\n1 1 0\nfn=f\n2 0 3\nfl=a.c\nfn=???\n3 4 0\nsummary: 5 3\n"
run before-fl "$merge" before-fl.cgout
if [ "$(cat before-fl.status)" = 0 ] && [ ! -s before-fl.stderr ] &&
	cmp -s before-fl.stdout before-fl-expected.cgout; then
	pass accept/count-before-fl
else
	fail accept/count-before-fl "status $(cat before-fl.status): $(head -1 before-fl.stderr)$(diff before-fl-expected.cgout before-fl.stdout | sed -n 2p)"
fi
run before-fl-diff "$diff" before-fl.cgout before-fl-expected.cgout
if [ "$(cat before-fl-diff.status)" = 0 ] && [ ! -s before-fl-diff.stderr ] &&
	grep -q '^summary: 0 0$' before-fl-diff.stdout; then
	pass accept/count-before-fl-diffed
else
	fail accept/count-before-fl-diffed "status $(cat before-fl-diff.status): $(head -1 before-fl-diff.stderr)"
fi

# Name compression: a number must be defined first, and files and
# functions are numbered apart.
write compressed-file "${header}fl=(1)\nfn=f\n1 2 3\nsummary: 2 3\n"
rejected compressed-file-undefined 'compressed-file.cgout:4: name (1) used before it was defined' compressed-file.cgout
write compressed-function "${header}fl=(1) a.c\nfn=(1)\n1 2 3\nsummary: 2 3\n"
rejected compressed-function-undefined 'compressed-function.cgout:5: name (1) used before it was defined' compressed-function.cgout
# A name's number has at most 18 digits (the contract at the top of
# cg_profile_read.c): 18 are taken, 19 refused.
write compressed-18-digits "${header}fl=(123456789012345678) a.c\nfn=f\n1 2 3\nsummary: 2 3\n"
write compressed-19-digits "${header}fl=(1234567890123456789) a.c\nfn=f\n1 2 3\nsummary: 2 3\n"
run compressed-18-digits "$merge" compressed-18-digits.cgout
if [ "$(cat compressed-18-digits.status)" = 0 ] && grep -q '^fl=a.c$' compressed-18-digits.stdout; then
	pass compressed-18-digits
else
	fail compressed-18-digits "status $(cat compressed-18-digits.status): $(head -1 compressed-18-digits.stderr)"
fi
rejected compressed-19-digits 'compressed-19-digits.cgout:4: name number too large: (1234567890123456789)' compressed-19-digits.cgout
# Names that read like a compressed name's number, "(7)" or "(3) x.c"
# (defined so in the input), are written as definitions, "(1) (7)": the
# output of cg_merge and cg_diff reads back as the same names.
write compressed-literal "${header}fl=(2) (3) x.c\nfn=(5) (7)\n1 2 3\nfn=(12)x\n2 1 1\nsummary: 3 4\n"
run compressed-literal-merge "$merge" -o compressed-literal.merged compressed-literal.cgout
run compressed-literal-remerge "$merge" compressed-literal.merged
run compressed-literal-diff "$diff" compressed-literal.cgout compressed-literal.merged
if [ "$(cat compressed-literal-merge.status)" = 0 ] &&
	[ "$(sed -n 's/^f[ln]=//p' compressed-literal.merged | tr '\n' '|')" = "(1) (3) x.c|(1) (7)|(12)x|" ] &&
	cmp -s compressed-literal.merged compressed-literal-remerge.stdout &&
	[ "$(cat compressed-literal-diff.status)" = 0 ] &&
	grep -q '^fl=(1) (3) x.c$' compressed-literal-diff.stdout &&
	grep -q '^fn=(1) (7)$' compressed-literal-diff.stdout; then
	pass compressed-name-written-back
else
	fail compressed-name-written-back "status $(cat compressed-literal-merge.status) $(cat compressed-literal-remerge.status) $(cat compressed-literal-diff.status): $(head -1 compressed-literal-remerge.stderr)"
fi

# NUL bytes: in a name, inside a count or summary line, in the header.
write nul-name "${header}fl=a\000b.c\nfn=f\n1 2 3\nsummary: 2 3\n"
rejected nul-in-name 'nul-name.cgout:4: NUL byte in a name' nul-name.cgout
write nul-count "${header}fl=a.c\nfn=f\n1 2\000 3\nsummary: 2 0\n"
rejected nul-in-count 'nul-count.cgout:6: malformed line: NUL byte' nul-count.cgout
write nul-summary "${header}fl=a.c\nfn=f\n1 2 3\nsummary: 2 3\000 4\n"
rejected nul-in-summary 'nul-summary.cgout:7: malformed line: NUL byte' nul-summary.cgout
write nul-header "desc: d\000\ncmd: c\nevents: A\n"
rejected nul-in-header 'nul-header.cgout:1: malformed line: NUL byte' nul-header.cgout
# A body line that is rejected whole says so too, not its text cut at the
# NUL: one beginning with it, a summary: key broken by it, a line after
# the summary.
write nul-line-start "${header}fl=a.c\nfn=f\n\0001 2 3\nsummary: 2 3\n"
rejected nul-line-start 'nul-line-start.cgout:6: malformed line: NUL byte' nul-line-start.cgout
write nul-summary-key "${header}fl=a.c\nfn=f\n1 2 3\nsumm\000ary: 2 3\n"
rejected nul-summary-key 'nul-summary-key.cgout:7: malformed line: NUL byte' nul-summary-key.cgout
write nul-after-summary "${header}fl=a.c\nfn=f\n1 2 3\nsummary: 2 3\n\000x\n"
rejected nul-after-summary 'nul-after-summary.cgout:8: line after the `summary:` line: NUL byte' nul-after-summary.cgout
write nul-position "${header}fl=a.c\nfx=\000\nsummary: 0 0\n"
rejected nul-position 'nul-position.cgout:5: malformed line: NUL byte' nul-position.cgout

# A path far longer than any message is named whole, with the line.
long_folder=$(printf 'folder-of-forty-characters-in-its-name-%02d/' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30)
mkdir -p "$long_folder"
write "${long_folder}long-path" "${header}bogus\nsummary: 0 0\n"
rejected long-path "${long_folder}long-path.cgout:4: malformed line: bogus" "${long_folder}long-path.cgout"
# So is a line of 5,000 characters that the message quotes.
long_line=$(printf '%05000d' 0 | tr 0 x)
write long-line "${header}${long_line}\nsummary: 0 0\n"
rejected long-line "long-line.cgout:4: malformed line: $long_line" long-line.cgout

# The header: cmd: and events: lines.
write no-cmd "desc: d\nevents: A B\nfl=a.c\nfn=f\n1 2 3\nsummary: 2 3\n"
rejected missing-cmd 'no-cmd.cgout:2: missing a `command:` line' no-cmd.cgout
: >empty.cgout
rejected empty-file 'empty.cgout:1: missing a `command:` line' empty.cgout
write no-events "desc: d\ncmd: c\nfl=a.c\nfn=f\n1 2 3\nsummary: 2 3\n"
rejected missing-events 'no-events.cgout:3: missing an `events:` line' no-events.cgout
write cmd-only "cmd: c\n"
rejected missing-events-at-end 'cmd-only.cgout:2: missing an `events:` line' cmd-only.cgout
write two-cmd "cmd: a\ncmd: b\nevents: A\n"
rejected two-cmd 'two-cmd.cgout:2: more than one `cmd:` line' two-cmd.cgout
write no-event-names "cmd: a\nevents:   \nfl=a.c\n"
rejected no-event-names 'no-event-names.cgout:2: `events:` line names no events' no-event-names.cgout
write positions "cmd: a\npositions: instr line\nevents: A\n"
rejected positions 'positions.cgout:2: unsupported `positions:` line: instr line' positions.cgout
write summary-in-header "cmd: c\nsummary: 1\nevents: A\n"
rejected summary-in-header 'summary-in-header.cgout:2: missing an `events:` line' summary-in-header.cgout
write totals-in-header "cmd: c\ntotals: 1\nevents: A\n"
rejected totals-in-header 'totals-in-header.cgout:2: missing an `events:` line' totals-in-header.cgout
# A key is followed by a blank: "summary:5" is no summary line, nor
# "events:A" an events line.
write summary-without-blank "${header}fl=a.c\nfn=f\n1 2 3\nsummary:2 3\n"
rejected summary-without-blank 'summary-without-blank.cgout:7: malformed line: summary:2 3' summary-without-blank.cgout
write events-without-blank "cmd: c\nevents:A\nfl=a.c\n"
rejected events-without-blank 'events-without-blank.cgout:2: missing an `events:` line' events-without-blank.cgout

# The summary: present, once, last, and right.
write no-summary "${header}fl=a.c\nfn=f\n1 2 3\n"
rejected missing-summary 'no-summary.cgout:7: missing `summary:` line, aborting' no-summary.cgout
write no-summary-no-lf "${header}fl=a.c\nfn=f\n1 2 3"
rejected missing-summary-no-lf 'no-summary-no-lf.cgout:7: missing `summary:` line, aborting' no-summary-no-lf.cgout
write wrong-summary "${header}fl=a.c\nfn=f\n1 2 3\n2 0 1\nsummary: 2 5\n"
rejected wrong-summary 'wrong-summary.cgout:8: `summary:` line doesn'"'"'t match computed total: B is 5 in the summary, 4 in the counts' wrong-summary.cgout
write wrong-totals "${header}fl=a.c\nfn=f\n1 2 3\ntotals: 1 3\n"
rejected wrong-totals 'wrong-totals.cgout:7: `summary:` line doesn'"'"'t match computed total: A is 1 in the summary, 2 in the counts' wrong-totals.cgout
write two-summaries "${header}fl=a.c\nfn=f\n1 2 3\nsummary: 2 3\nsummary: 2 3\n"
rejected two-summaries 'two-summaries.cgout:8: more than one `summary:` line' two-summaries.cgout
write after-summary "${header}fl=a.c\nfn=f\n1 2 3\nsummary: 2 3\nfn=g\n"
rejected line-after-summary 'after-summary.cgout:8: line after the `summary:` line: fn=g' after-summary.cgout
write count-after-summary "${header}fl=a.c\nfn=f\n1 2 3\nsummary: 2 3\n2 1\n"
rejected count-after-summary 'count-after-summary.cgout:8: line after the `summary:` line: 2 1' count-after-summary.cgout
write summary-then-totals "${header}fl=a.c\nfn=f\n1 2 3\nsummary: 2 3\ntotals: 2 3\n"
rejected summary-then-totals 'summary-then-totals.cgout:8: more than one `summary:` line' summary-then-totals.cgout
write summary-over-separated "${header}fl=a.c\nfn=f\n1 2 3\nsummary: 9_223_372_036_854_775_808 3\n"
rejected summary-over-separated 'summary-over-separated.cgout:7: event count out of 64-bit range' summary-over-separated.cgout

# Events must be the same in every input; cg_merge names the file that
# differs (by names, by number), cg_diff says only that they differ.
write ab "${header}fl=a.c\nfn=f\n1 2 3\nsummary: 2 3\n"
write ac "desc: d\ncmd: c\nevents: A C\nfl=a.c\nfn=f\n1 2 3\nsummary: 2 3\n"
write a-only "cmd: c\nevents: A\nfl=a.c\nfn=f\n1 2\nsummary: 2\n"
rejected events-differ "events in data files don't match (ac.cgout:3 has other events than ab.cgout)" ab.cgout ac.cgout
cp ac.cgout "$long_folder"
rejected events-differ-long-path "events in data files don't match (${long_folder}ac.cgout:3 has other events than ab.cgout)" ab.cgout "${long_folder}ac.cgout"
rejected events-fewer "events in data files don't match (a-only.cgout:2 has other events than ab.cgout)" ab.cgout ab.cgout a-only.cgout
rejected events-real "events in data files don't match (br.cgout:5 has other events than w1.cgout)" w1.cgout br.cgout
run diff-events "$diff" w1.cgout br.cgout
if [ "$(cat diff-events.status)" = 1 ] && [ ! -s diff-events.stdout ] &&
	[ "$(cat diff-events.stderr)" = "cg_diff: error: events in data files don't match" ]; then
	pass reject/diff-events-differ
else
	fail reject/diff-events-differ "status $(cat diff-events.status): $(head -1 diff-events.stderr)"
fi
run diff-malformed "$diff" ab.cgout malformed-line.cgout
if [ "$(cat diff-malformed.status)" = 1 ] && [ ! -s diff-malformed.stdout ] &&
	[ "$(cat diff-malformed.stderr)" = "cg_diff: error: malformed-line.cgout:6: malformed line: xyz" ]; then
	pass reject/diff-malformed
else
	fail reject/diff-malformed "status $(cat diff-malformed.status): $(head -1 diff-malformed.stderr)"
fi

# Files that cannot be read.
rejected missing-file "[Errno 2] No such file or directory: 'no-such.cgout'" ab.cgout no-such.cgout
mkdir -p a-folder
rejected directory "[Errno 21] Is a directory: 'a-folder'" a-folder
if [ -r /proc/self/mem ]; then
	# Opens, but reading at offset 0 fails: nothing is mapped there.
	rejected unreadable-read "[Errno 5] Input/output error: '/proc/self/mem'" /proc/self/mem
fi
if [ "$(id -u)" != 0 ]; then
	cp ab.cgout locked.cgout && chmod 000 locked.cgout
	rejected unreadable-permission "[Errno 13] Permission denied: 'locked.cgout'" ab.cgout locked.cgout
fi

# Output that cannot be written: a missing folder, and a file that cannot
# grow (the old file is kept and the temporary file removed).
run no-folder "$merge" -o no-folder/merged ab.cgout
if [ "$(cat no-folder.status)" = 1 ] &&
	[ "$(cat no-folder.stderr)" = "cg_merge: error: [Errno 2] No such file or directory: 'no-folder/merged'" ]; then
	pass reject/output-folder-missing
else
	fail reject/output-folder-missing "status $(cat no-folder.status): $(head -1 no-folder.stderr)"
fi
echo old >too-big.out
(
	trap '' XFSZ
	ulimit -f 8 # 4 kB: the merged profile is about 100 kB
	exec "$merge" -o too-big.out w1.cgout
) >too-big.stdout 2>too-big.stderr
echo $? >too-big.status
if [ "$(cat too-big.status)" = 1 ] &&
	[ "$(cat too-big.stderr)" = "cg_merge: error: cannot write 'too-big.out': File too large" ] &&
	[ "$(cat too-big.out)" = old ] && ! ls too-big.out.* >/dev/null 2>&1; then
	pass reject/output-write-fails
else
	fail reject/output-write-fails "status $(cat too-big.status): $(head -1 too-big.stderr); $(ls too-big.out*)"
fi

# ---- command lines ------------------------------------------------------------

# usage_error NAME STATUS LAST-LINE PROGRAM ARG...: PROGRAM exits with
# STATUS, prints nothing on stdout, and its stderr starts with its usage
# line and ends with LAST-LINE.
usage_error() {
	name=$1 status=$2 last=$3 program=$4
	shift 3
	run "$name" "$@"
	base=${program##*/}
	if [ "$(cat "$name.status")" != "$status" ]; then
		fail "usage/$name" "status $(cat "$name.status"), want $status"
	elif [ -s "$name.stdout" ]; then
		fail "usage/$name" "something on stdout"
	elif [ "$(tail -1 "$name.stderr")" != "$last" ]; then
		fail "usage/$name" "last line '$(tail -1 "$name.stderr")', want '$last'"
	elif ! head -1 "$name.stderr" | grep -q "^usage: $base "; then
		fail "usage/$name" "no usage line: $(head -1 "$name.stderr")"
	else
		pass "usage/$name"
	fi
}

usage_error merge-unknown-option 2 'cg_merge: error: unrecognized arguments: --bogus' \
	"$merge" --bogus ab.cgout
usage_error merge-no-files 2 'cg_merge: error: the following arguments are required: cachegrind-out-file' \
	"$merge"
usage_error merge-o-no-files 2 'cg_merge: error: the following arguments are required: cachegrind-out-file' \
	"$merge" -o merge-o-no-files.out
usage_error merge-o-no-value 2 'cg_merge: error: argument -o: expected one argument' \
	"$merge" ab.cgout -o
# A dash and digits with a dot at the end is no negative number, to
# argparse: an option it does not know.
usage_error merge-dash-digits-dot 2 'cg_merge: error: unrecognized arguments: -5.' \
	"$merge" ab.cgout -5.
# diff_expression_error NAME EXPRESSION MESSAGE: cg_diff refuses the
# --mod-funcname EXPRESSION with status 1, MESSAGE alone on stderr and
# nothing on stdout.
diff_expression_error() {
	run "diff-$1" "$diff" "--mod-funcname=$2" ab.cgout ab.cgout
	if [ "$(cat "diff-$1.status")" = 1 ] && [ ! -s "diff-$1.stdout" ] &&
		[ "$(cat "diff-$1.stderr")" = "cg_diff: error: argument --mod-funcname: $3" ]; then
		pass "usage/diff-$1"
	else
		fail "usage/diff-$1" "status $(cat "diff-$1.status"): $(head -1 "diff-$1.stderr")"
	fi
}
# An octal escape beyond a byte (\501) is refused, as Python refuses it.
diff_expression_error octal-beyond-byte 's/f/x\501/' 'octal escape value \501 outside of range 0-0o377'
# A line break in a name would end its line of the profile written: one
# put in by the replacement is refused, written as it is, as \n or \r, or
# in octal.
diff_expression_error replacement-newline 's/f/x
/' 'a line break in the replacement'
diff_expression_error replacement-escaped-newline 's/f/x\n/' 'a line break in the replacement'
diff_expression_error replacement-escaped-return 's/f/\r/' 'a line break in the replacement'
diff_expression_error replacement-octal-return 's/f/\015/' 'a line break in the replacement'
# Letter escapes that Python's regexes do not know are refused where
# PCRE2 would give them a meaning (\K restarts the match, \h is a blank,
# \Q quotes); so are \A, \B and \Z within a class.
diff_expression_error pattern-escape-K 's/f\Ko/x/' 'bad regex at offset 1: bad escape \K'
diff_expression_error pattern-escape-h 's/a\hb/x/' 'bad regex at offset 1: bad escape \h'
diff_expression_error pattern-escape-Q 's/\Qa\E/x/' 'bad regex at offset 0: bad escape \Q'
diff_expression_error pattern-escape-Z-in-class 's/[a\Z]/x/' 'bad regex at offset 2: bad escape \Z'
# \x without its two hex digits, and \N, which PCRE2 would take as any
# character but a newline, are refused as Python refuses them; \N{name}
# (a character by its Unicode name) is refused as not supported.
diff_expression_error pattern-escape-x-no-digit 's/a\xZ/x/' 'bad regex at offset 1: incomplete escape \x'
diff_expression_error pattern-escape-x-one-digit 's/\x4/x/' 'bad regex at offset 0: incomplete escape \x4'
diff_expression_error pattern-escape-x-braces 's/[\x{41}]/x/' 'bad regex at offset 1: incomplete escape \x'
diff_expression_error pattern-escape-N 's/a\N/x/' 'bad regex at offset 3: missing {'
diff_expression_error pattern-escape-N-name 's/\N{DIGIT ONE}/x/' 'bad regex at offset 0: character names (\N{...}) are not supported'
# Python's own escapes still pass: \Z at the end, \b in a class (a
# backspace), \d, \w and \s, and \x with its two digits.
run diff-pattern-python-escapes "$diff" '--mod-funcname=s/\d\Z|[\b\d]\w\s|\x41/x/' ab.cgout ab.cgout
if [ "$(cat diff-pattern-python-escapes.status)" = 0 ]; then
	pass usage/diff-pattern-python-escapes
else
	fail usage/diff-pattern-python-escapes "status $(cat diff-pattern-python-escapes.status): $(head -1 diff-pattern-python-escapes.stderr)"
fi
# Group forms, flags and references that Python refuses and PCRE2 would
# give a meaning: backtracking verbs, PCRE2's own extensions and its
# (?<name>...), global flags after the start, flags contradicting each
# other, a reference to a group not yet there or still open (PCRE2 would
# read \12 as an octal escape, and allow the others), an octal escape
# beyond a byte (PCRE2 would take U+0100) and a lookbehind whose
# alternatives differ in width.
diff_expression_error pattern-verb 's/(*ACCEPT)a/x/' 'bad regex at offset 1: nothing to repeat'
diff_expression_error pattern-recursion 's/(a)(?1)/x/' 'bad regex at offset 4: unknown extension ?1'
diff_expression_error pattern-branch-reset 's/(?|(a)|(b))/x/' 'bad regex at offset 1: unknown extension ?|'
diff_expression_error pattern-angle-name 's/(?<n>a)/x/' 'bad regex at offset 1: unknown extension ?<n'
diff_expression_error pattern-subroutine 's/(?P<n>a)(?P>n)/x/' 'bad regex at offset 9: unknown extension ?P>'
diff_expression_error pattern-late-flags 's/a(?i)b/x/' 'bad regex at offset 1: global flags not at the start of the expression'
diff_expression_error pattern-nested-flags 's/(?:(?i)a)/x/' 'bad regex at offset 3: global flags not at the start of the expression'
diff_expression_error pattern-flag-on-off 's/(?i-i:a)/x/' 'bad regex at offset 5: bad inline flags: flag turned on and off'
diff_expression_error pattern-unknown-flag 's/(?iU:a)/x/' 'bad regex at offset 3: unknown flag'
diff_expression_error pattern-later-group 's/\1(a)/x/' 'bad regex at offset 0: invalid group reference 1'
diff_expression_error pattern-two-digit-group 's/(a)\12/x/' 'bad regex at offset 3: invalid group reference 12'
diff_expression_error pattern-open-group 's/(a\1)/x/' 'bad regex at offset 2: cannot refer to an open group'
diff_expression_error pattern-unknown-name 's/(?P=n)(?P<n>a)/x/' "bad regex at offset 4: unknown group name 'n'"
diff_expression_error pattern-condition-name 's/(?(n)a|b)/x/' "bad regex at offset 3: unknown group name 'n'"
diff_expression_error pattern-octal-beyond-byte 's/\400/x/' 'bad regex at offset 0: octal escape value \400 outside of range 0-0o377'
diff_expression_error pattern-class-eight 's/[\8]/x/' 'bad regex at offset 1: bad escape \8'
diff_expression_error pattern-lookbehind-widths 's/(?<=a|bc)d/x/' 'bad regex at offset 8: look-behind requires fixed-width pattern'
diff_expression_error pattern-lookbehind-assertion 's/(?<=a|\b)d/x/' 'bad regex at offset 8: look-behind requires fixed-width pattern'
diff_expression_error pattern-scoped-ascii 's/(?a:\w)/x/' 'bad regex at offset 0: the flag a in a group, (?a:...), is not supported'
# What Python reads in those forms is read as it reads it: a reference to
# a closed group (\1, (?P=name)), a condition on a group by its name or
# number, octal escapes (\101 is an A), lookbehinds whose alternatives are
# of one width (a lookahead or \b in them counting for none), global flags
# one after another at the start, scoped flags, and \B, which matches
# nowhere in an empty name.
cat >pattern-names.cgout <<'EOF_PROFILE'
cmd: names
events: Ir
fl=a.c
fn=abab
1 1
fn=xAy
2 1
fn=Bcd
3 1
fn=ab(c)
4 1
fn=
5 1
summary: 5
EOF_PROFILE
pattern_renames() {
	run "pattern-$1" "$diff" "--mod-funcname=$2" pattern-names.cgout pattern-names.cgout
	got=$(grep '^fn=' "pattern-$1.stdout" | LC_ALL=C sort | tr '\n' ' ')
	if [ "$(cat "pattern-$1.status")" = 0 ] && [ "$got" = "$3" ]; then
		pass "usage/diff-pattern-$1"
	else
		fail "usage/diff-pattern-$1" "status $(cat "pattern-$1.status"): $got$(head -1 "pattern-$1.stderr")"
	fi
}
pattern_renames backreference 's/(a)(b)\1\2/<\2\1>/' 'fn= fn=<ba> fn=Bcd fn=ab(c) fn=xAy '
pattern_renames named-reference 's/(?P<n>ab)(?P=n)/=/' 'fn= fn== fn=Bcd fn=ab(c) fn=xAy '
pattern_renames condition 's/(?P<R>\()?c(?(R)\)|d)/C/' 'fn= fn=BC fn=abC fn=abab fn=xAy '
pattern_renames octal 's/\101/a/' 'fn= fn=Bcd fn=ab(c) fn=abab fn=xay '
pattern_renames lookbehind 's/(?<=b|x(?=A))[aA]/_/g' 'fn= fn=Bcd fn=ab(c) fn=ab_b fn=x_y '
pattern_renames flags-at-start 's/(?x)(?i) b c/-/' 'fn= fn=-d fn=ab(c) fn=abab fn=xAy '
pattern_renames scoped-flags 's/(?i:a)(?-i:y)/-/' 'fn= fn=Bcd fn=ab(c) fn=abab fn=x- '
pattern_renames not-boundary 's/\B/./' 'fn= fn=B.cd fn=a.b(c) fn=a.bab fn=x.Ay '
# In a name that is not valid UTF-8, a pattern that may match nothing
# matches it at every place between two characters, before and after the
# bytes that are not (PCRE2 10.42 would, after an empty match, look for
# the next one past the invalid bytes).
printf 'cmd: names\nevents: Ir\nfl=a.c\nfn=ab\377cd\n1 1\nfn=\303\251\355\240\200x\n2 1\nsummary: 2\n' >pattern-invalid.cgout
printf 'fn=-a-b-\377-c-d-\nfn=-\303\251-\355\240\200--\n' >pattern-invalid.want
run pattern-invalid "$diff" '--mod-funcname=s/x*/-/g' pattern-invalid.cgout pattern-invalid.cgout
grep -a '^fn=' pattern-invalid.stdout >pattern-invalid.got
if [ "$(cat pattern-invalid.status)" = 0 ] && cmp -s pattern-invalid.got pattern-invalid.want; then
	pass usage/diff-pattern-empty-matches-in-invalid-name
else
	fail usage/diff-pattern-empty-matches-in-invalid-name "status $(cat pattern-invalid.status): $(od -An -c pattern-invalid.got | tr -s ' \n' ' ')"
fi
# -o given twice: the last one is the output, as with argparse.
rm -f merge-o-first.out merge-o-last.out
run merge-o-twice "$merge" -o merge-o-first.out -o merge-o-last.out ab.cgout
run merge-o-reference "$merge" ab.cgout
if [ "$(cat merge-o-twice.status)" = 0 ] && [ ! -e merge-o-first.out ] &&
	cmp -s merge-o-last.out merge-o-reference.stdout; then
	pass usage/merge-o-twice
else
	fail usage/merge-o-twice "status $(cat merge-o-twice.status): $(ls merge-o-*.out 2>&1 | tr '\n' ' ')"
fi
# -o=FILE is -o FILE, as argparse reads it; a name that starts with a dash
# but holds a space is a file, not an option.
run merge-o-equals "$merge" -o=merge-o-equals.out ab.cgout
run merge-plain "$merge" ab.cgout
cp -- ab.cgout '-dash name.cgout'
run merge-dash-space "$merge" '-dash name.cgout'
if [ "$(cat merge-o-equals.status)" = 0 ] && [ ! -e =merge-o-equals.out ] &&
	cmp -s merge-o-equals.out merge-plain.stdout &&
	[ "$(cat merge-dash-space.status)" = 0 ] &&
	cmp -s merge-dash-space.stdout merge-plain.stdout; then
	pass usage/merge-argparse-forms
else
	fail usage/merge-argparse-forms "-o=: status $(cat merge-o-equals.status); '-dash name': $(head -1 merge-dash-space.stderr)"
fi
usage_error diff-unknown-option 2 'cg_diff: error: unrecognized arguments: --bogus' \
	"$diff" --bogus ab.cgout ab.cgout
usage_error diff-no-files 2 'cg_diff: error: the following arguments are required: cachegrind-out-file1, cachegrind-out-file2' \
	"$diff"
usage_error diff-one-file 2 'cg_diff: error: the following arguments are required: cachegrind-out-file2' \
	"$diff" ab.cgout
usage_error diff-three-files 2 'cg_diff: error: unrecognized arguments: ab.cgout' \
	"$diff" w1.cgout w2.cgout ab.cgout
for expr in 'foo' 's/a/b' 's/a/b/x' 'y/a/b/' 's/a/b/gg'; do
	usage_error "diff-mod-form-$(echo "$expr" | tr / _)" 2 \
		"cg_diff: error: argument --mod-filename: invalid search_and_replace value: '$expr'" \
		"$diff" "--mod-filename=$expr" ab.cgout ab.cgout
done
usage_error diff-mod-funcname-form 2 \
	"cg_diff: error: argument --mod-funcname: invalid search_and_replace value: 'nope'" \
	"$diff" --mod-funcname nope ab.cgout ab.cgout
# A pattern that does not compile is an error of its own (status 1); so is
# \C, one byte whatever the character, which Python refuses too.
for pattern in '(' '\C'; do
	run diff-bad-regex "$diff" "--mod-filename=s/$pattern/x/" ab.cgout ab.cgout
	if [ "$(cat diff-bad-regex.status)" = 1 ] && [ ! -s diff-bad-regex.stdout ] &&
		[ "$(wc -l <diff-bad-regex.stderr)" = 1 ] &&
		grep -q '^cg_diff: error: argument --mod-filename: ..*' diff-bad-regex.stderr; then
		pass "usage/diff-bad-regex/$pattern"
	else
		fail "usage/diff-bad-regex/$pattern" "status $(cat diff-bad-regex.status): $(head -1 diff-bad-regex.stderr)"
	fi
done

# Renamings as Python's re.sub makes them (tests/profiles/python-renames.py
# works them out here): characters of UTF-8 text, not bytes, Unicode
# classes and case folding, and the forms Python reads otherwise than PCRE2
# (among them \s, which takes the separators \x1c-\x1f as spaces, and \v,
# the vertical tab alone, not the form feed or NEL as well).
renamed_names="café.c Kelvin.c aaa/bbb.c src/Ünïcode_1.rs x.c $(printf 'unit\037sep.c file\034sep.c nb\302\240sp.c vt\013ff\014nel\302\205.c')"
printf 'desc: d\ncmd: c\nevents: A\n' >renames.cgout
for name in $renamed_names; do
	printf 'fl=%s\nfn=f\n1 1\n' "$name" >>renames.cgout
done
printf 'summary: %d\n' "$(grep -c '^fl=' renames.cgout)" >>renames.cgout
for expr in 's/caf.\.c/X/' 's/é?\./_/' 's/É/E/i' 's/ü/U/gi' 's/\w+/W/' 's/\d/D/g' \
	's/x*/-/g' 's/a{,2}/X/' 's/b{,}/Y/' 's/\u00e9/e/' 's/\U000000dc/U/' \
	's/c\Z/Q/' 's/[^a-z.\/]/?/g' 's/(.)\.(c|rs)$/\2\101\1/' 's/(?P<stem>\w+)\./\g<stem>\351/' \
	's/(e)(l)/\2\1/' 's/\//:/g' 's/(?a)\w+/W/' 's/(?ai)k|x/Q/g' 's/(?x) e l /Y/' \
	's/[[:alpha:]]/X/g' 's/[[:a]/X/g' 's/(?P<é>a)/\g<é>X/' 's/(?#[)a{,2}/X/' \
	's/\s/_/g' 's/\S+/W/' 's/[^\s]/N/g' 's/(?a)\s/_/g' 's/[\S]/N/g' 's/[^\S]/_/g' \
	's/[\S\x1f]+/N/g' 's/a/x$y/' 's/a/x\\y/' 's/A/x/ig' 's/\v/_/g' 's/[\v]/_/g'; do
	renaming=$((${renaming:-0} + 1))
	test=renames/$renaming
	python3 "$srcdir/tests/profiles/python-renames.py" "$expr" $renamed_names |
		LC_ALL=C sort -u >renames.want
	"$diff" "--mod-filename=$expr" renames.cgout renames.cgout >renames.out 2>renames.err
	sed -n 's/^fl=//p' renames.out | LC_ALL=C sort -u >renames.got
	if [ -s renames.want ] && cmp -s renames.want renames.got; then
		pass "$test"
	else
		fail "$test" "$expr: got '$(tr '\n' ' ' <renames.got)$(head -1 renames.err)', Python '$(tr '\n' ' ' <renames.want)'"
	fi
done

# A global renaming of a long name with many matches (a C++ template's,
# 200 KB, 12,000 matches), and of names that are not valid UTF-8 (matched
# where they are): every match replaced, as sed replaces this literal
# pattern byte for byte.
long_name=$(awk 'BEGIN { while (i++ < 12000) printf "std::vector<int>,"; print "" }')
printf 'desc: d\ncmd: c\nevents: A\nfl=a.c\nfn=%s\n1 1\nfn=\377std::a,std::b\376std::c\n2 1\nfn=std::\300\n3 1\nsummary: 3\n' \
	"$long_name" >long-renames.cgout
sed -n 's/^fn=//p' long-renames.cgout | LC_ALL=C sed 's/std::/S::/g' | LC_ALL=C sort >long-renames.want
"$diff" '--mod-funcname=s/std::/S::/g' long-renames.cgout long-renames.cgout >long-renames.out 2>long-renames.err
sed -n 's/^fn=//p' long-renames.out | LC_ALL=C sort >long-renames.got
if [ "$(wc -l <long-renames.want)" = 3 ] && cmp -s long-renames.want long-renames.got; then
	pass renames/long-and-invalid-utf8
else
	fail renames/long-and-invalid-utf8 "$(head -c 200 long-renames.err)$(diff long-renames.want long-renames.got | head -c 300)"
fi

# --help and -h: the usage and help on stdout, status 0, even with other
# mistakes after them; --version: the program's name and version.
for program in "$merge" "$diff"; do
	base=${program##*/}
	for option in --help -h; do
		run "$base$option" "$program" "$option" --bogus
		if [ "$(cat "$base$option.status")" = 0 ] && [ ! -s "$base$option.stderr" ] &&
			[ "$(head -1 "$base$option.stdout" | cut -d' ' -f1,2)" = "usage: $base" ] &&
			grep -q -- '--version' "$base$option.stdout"; then
			pass "usage/$base$option"
		else
			fail "usage/$base$option" "status $(cat "$base$option.status"): $(head -1 "$base$option.stdout")"
		fi
	done
	run "$base-version" "$program" --version
	if [ "$(cat "$base-version.status")" = 0 ] && [ ! -s "$base-version.stderr" ] &&
		[ "$(cat "$base-version.stdout")" = "$base-1.0.0" ]; then
		pass "usage/$base-version"
	else
		fail "usage/$base-version" "status $(cat "$base-version.status"): $(cat "$base-version.stdout")"
	fi
done

# ---- what the reader accepts --------------------------------------------------
#
# Each variant says the same as plain.cgout in another accepted way, so
# cg_merge must print the same text for it.  That text is written out here
# by hand (first-seen order, as cg_merge documents) and checked against the
# independent reading of plain.cgout.

write plain 'desc: d\ncmd: c\nevents: A B C\nfl=a.c\nfn=f\n1 1 2 3\n2 4 0 6\nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7 8 0\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\nsummary: 13 10 11\n'
write plain-expected 'desc: d\ncmd: c\nevents: A B C\nfl=a.c\nfn=f\n1 2 3 4\n2 4 0 6\nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7 8 0\nfl=c.c\nfn=???\n9 0 -1 1\nsummary: 13 10 11\n'
run plain "$merge" plain.cgout
costs plain.stdout >plain.got
costs plain.cgout >plain.want
if [ "$(cat plain.status)" = 0 ] && cmp -s plain.stdout plain-expected.cgout &&
	cmp -s plain.got plain.want; then
	pass accept/plain
else
	fail accept/plain "status $(cat plain.status): $(diff plain-expected.cgout plain.stdout | sed -n 2p)"
fi

# accepted NAME FORMAT: the variant FORMAT merges to plain-expected.cgout.
accepted() {
	write "$1" "$2"
	run "$1" "$merge" -o "$1.out" "$1.cgout"
	if [ "$(cat "$1.status")" != 0 ]; then
		fail "accept/$1" "status $(cat "$1.status"): $(head -1 "$1.stderr")"
	elif ! cmp -s "$1.out" plain-expected.cgout; then
		fail "accept/$1" "differs: $(diff plain-expected.cgout "$1.out" | sed -n 2p)"
	elif [ -s "$1.stderr" ] || ls "$1".out.* >/dev/null 2>&1; then
		fail "accept/$1" "a message or a temporary file: $(head -1 "$1.stderr")"
	else
		pass "accept/$1"
	fi
}

accepted crlf 'desc: d\r\ncmd: c\r\nevents: A B C\r\nfl=a.c\r\nfn=f\r\n1 1 2 3\r\n2 4 0 6\r\nfn=g\r\n3 0 0 0\r\nfl=b.c\r\nfn=f\r\n1 7 8 0\r\nfl=a.c\r\nfn=f\r\n1 1 1 1\r\nfl=c.c\r\n9 0 -1 +1\r\nsummary: 13 10 11\r\n'
accepted lone-cr 'desc: d\rcmd: c\revents: A B C\rfl=a.c\rfn=f\r1 1 2 3\r2 4 0 6\rfn=g\r3 0 0 0\rfl=b.c\r\nfn=f\n1 7 8 0\rfl=a.c\rfn=f\r1 1 1 1\rfl=c.c\r9 0 -1 +1\rsummary: 13 10 11\r'
accepted dots 'desc: d\ncmd: c\nevents: A B C\nfl=a.c\nfn=f\n1 1 2 3\n2 4 . 6\nfn=g\n3 . . .\nfl=b.c\nfn=f\n1 7 8 .\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 . -1 +1\nsummary: 13 10 11\n'
accepted missing-trailing-counts 'desc: d\ncmd: c\nevents: A B C\nfl=a.c\nfn=f\n1 1 2 3\n2 4 0 6\nfn=g\n3\nfl=b.c\nfn=f\n1 7 8\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\nsummary: 13 10 11\n'
accepted totals 'desc: d\ncmd: c\nevents: A B C\nfl=a.c\nfn=f\n1 1 2 3\n2 4 0 6\nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7 8 0\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\ntotals: 13 10 11\n'
accepted blank-and-comments '# a comment first\n\ndesc: d\n   \ncmd: c\n# between\nevents: A B C\n\nfl=a.c\n\t\nfn=f\n# a comment\n1 1 2 3\n\n2 4 0 6\nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7 8 0\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\n\nsummary: 13 10 11\n# after\n\n'
accepted compressed-names 'desc: d\ncmd: c\nevents: A B C\nfl=(1) a.c\nfn=(1) f\n1 1 2 3\n2 4 0 6\nfn=(2) g\n3 0 0 0\nfl=(2) b.c\nfn=(1)\n1 7 8 0\nfl=(1)\nfn=(1)\n1 1 1 1\nfl=(3) c.c\n9 0 -1 +1\nsummary: 13 10 11\n'
# "positions: line" is the one position allowed, with blanks after it as
# after any header value.
accepted positions-trailing-blanks 'desc: d\ncmd: c\npositions:\tline \t\nevents: A B C\nfl=a.c\nfn=f\n1 1 2 3\n2 4 0 6\nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7 8 0\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\nsummary: 13 10 11\n'
accepted other-header-lines 'version: 1\ncreator: someone\ndesc: d\ncmd: c\npositions: line\nevents: A B C\nfl=a.c\nfn=f\n1 1 2 3\n2 4 0 6\nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7 8 0\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\nsummary: 13 10 11\n'
accepted tabs-and-spaces 'desc:\td\ncmd:   c\nevents:\tA  B\tC \nfl=a.c\nfn=f\n1\t1 2  3\n2 4 0 6   \nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7\t8\t0\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\nsummary:\t13  10 11 \n'
accepted digit-separators 'desc: d\ncmd: c\nevents: A B C\nfl=a.c\nfn=f\n1 1 2 3\n2 4 0 6\nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7 8 0\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\nsummary: 1_3 1_0 1_1\n'
accepted no-final-newline 'desc: d\ncmd: c\nevents: A B C\nfl=a.c\nfn=f\n1 1 2 3\n2 4 0 6\nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7 8 0\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\nsummary: 13 10 11'
accepted extreme-counts 'desc: d\ncmd: c\nevents: A B C\nfl=a.c\nfn=f\n1 9223372036854775807 -9223372036854775808 +9223372036854775807\n1 -9223372036854775807 9223372036854775807 -9223372036854775808\n1 1 3 4\n2 4 0 6\nfn=g\n3 0 0 0\nfl=b.c\nfn=f\n1 7 8 0\nfl=a.c\nfn=f\n1 1 1 1\nfl=c.c\n9 0 -1 +1\nsummary: 13 10 11\n'

# Line ends where the reader's buffer ends: its first read takes 2^20 - 1
# bytes, and the profile's first CR LF is cut there, CR last in the buffer:
# one line end, not a CR and then an empty line, which the message of a
# later error would show, one line further.  CRs that end every line of a
# profile of several megabytes: several reads, each a search for an LF
# that is not there.
long_desc=$(head -c 1048568 /dev/zero | tr '\0' x)
printf 'desc: %s\r\ncmd: c\r\nevents: A\r\nfl=a.c\r\nfn=f\r\nbogus\r\n' "$long_desc" >split-crlf.cgout
run split-crlf "$merge" split-crlf.cgout
if [ "$(cat split-crlf.status)" = 1 ] &&
	[ "$(cat split-crlf.stderr)" = "cg_merge: error: split-crlf.cgout:6: malformed line: bogus" ]; then
	pass line-ends/crlf-at-buffer-end
else
	fail line-ends/crlf-at-buffer-end "status $(cat split-crlf.status): $(head -c 200 split-crlf.stderr)"
fi
awk 'BEGIN { print "desc: d"; print "cmd: c"; print "events: A"; print "fl=a.c"
	print "fn=f"; for (i = 1; i <= 400000; i++) print i, 1; print "summary: 400000" }' \
	>many-lines.expected
tr '\n' '\r' <many-lines.expected >many-cr.cgout
run many-cr "$merge" many-cr.cgout
if [ "$(cat many-cr.status)" = 0 ] && cmp -s many-cr.stdout many-lines.expected; then
	pass line-ends/lone-cr-many-reads
else
	fail line-ends/lone-cr-many-reads "status $(cat many-cr.status): $(head -c 200 many-cr.stderr)"
fi

# Its failures are its FAIL lines: reaching this end is a clean end (see
# run-all.sh, which counts any other end as a failure).
exit 0
