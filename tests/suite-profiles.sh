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
LC_ALL=C
export LC_ALL

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
	ours_options= reference_options=
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
