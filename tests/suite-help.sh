#!/bin/sh
# The help suite: the usage, --help and usage errors of cg_annotate,
# cg_merge and cg_diff (cg_help.c, cg_args.c), side by side with Python's
# argparse, which lays out those of the established programs.
#
# The reference is tests/help/argparse_layout.py: argparse given the same
# arguments and help texts, so that where lines break (for $COLUMNS, for
# the terminal's width, and for every width from 1 to 130 columns), how
# the program is named (as it was run) and which error a command line gets
# all come from argparse itself.
#
# usage: sh tests/suite-help.sh SRCDIR BUILDDIR
# Prints one "PASS help/name" or "FAIL help/name: why" line per test.
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 SRCDIR BUILDDIR" >&2
	exit 2
fi
srcdir=$(cd "$1" && pwd) && builddir=$(cd "$2" && pwd) || exit 2
reference=$srcdir/tests/help/argparse_layout.py
work=$builddir/tests/out/help
LC_ALL=C
export LC_ALL
unset COLUMNS LINES

pass() { printf 'PASS help/%s\n' "$1"; }
fail() { printf 'FAIL help/%s: %s\n' "$1" "$2"; }
setup_fail() {
	fail setup "$1"
	exit 1
}

programs="cg_annotate cg_merge cg_diff"
for program in $programs; do
	[ -x "$builddir/$program" ] ||
		setup_fail "$builddir/$program not found (make first)"
done
python3 -c 'import argparse' 2>/dev/null || setup_fail "python3 not found"
rm -rf "$work"
mkdir -p "$work" || setup_fail "cannot create $work"
cd "$work" || setup_fail "cannot enter $work"

# Each program is also run under a short name and under one that takes
# more than three quarters of a narrow line, which argparse puts on a line
# of its own.
long_name=a-program-name-long-enough-for-a-line-of-its-own
for program in $programs; do
	mkdir -p "short-$program" "long-$program"
	ln -sf "$builddir/$program" "short-$program/x"
	ln -sf "$builddir/$program" "long-$program/$long_name"
done

# run_as PROGRAM NAME ARG...: runs PROGRAM under NAME.
run_as() {
	program=$1 name=$2
	shift 2
	case $name in
	"$program") "$builddir/$program" "$@" ;;
	x) "./short-$program/x" "$@" ;;
	*) "./long-$program/$name" "$@" ;;
	esac
}

# ---- every width -----------------------------------------------------------

widths="$(seq 1 130) 200 1000"
for program in $programs; do
	for name in "$program" x "$long_name"; do
		test=widths/$program-as-$(echo "$name" | cut -c1-12)
		# shellcheck disable=SC2086 # the widths are words
		python3 "$reference" widths "$program" "$name" $widths >expected || {
			fail "$test" "the reference failed"
			continue
		}
		for width in $widths; do
			COLUMNS=$width run_as "$program" "$name" --help
			echo ----
			# The usage printed before the error, without the error.
			COLUMNS=$width run_as "$program" "$name" --bogus 2>&1 >/dev/null |
				sed '$d'
			echo ----
		done >actual 2>&1
		if cmp -s expected actual; then
			pass "$test"
		else
			fail "$test" "differs: $(diff expected actual | sed -n 2p)"
		fi
	done
done

# ---- where the width comes from --------------------------------------------

# $COLUMNS as Python's int() reads it; anything else, or nothing, and
# standard output not a terminal: 80 columns.  The largest numbers are
# wider than any line, whether or not they fit in 64 bits, and whichever
# sign they would take if they wrapped.
for columns in unset '' abc 0 -3 ' 70 ' +60 1_00 1__00 7.5 \
	9999999999999999999 99999999999999999999; do
	test="columns/'$columns'"
	: >expected
	: >actual
	for program in cg_annotate cg_diff; do
		if [ "$columns" = unset ]; then
			python3 "$reference" help "$program" "$program" >>expected
			"$builddir/$program" --help >>actual
		else
			COLUMNS=$columns python3 "$reference" help "$program" \
				"$program" >>expected
			COLUMNS=$columns "$builddir/$program" --help >>actual
		fi
	done 2>&1
	if [ ! -s expected ]; then
		fail "$test" "the reference printed nothing"
	elif cmp -s expected actual; then
		pass "$test"
	else
		fail "$test" "differs: $(diff expected actual | sed -n 2p)"
	fi
done

# The terminal's width when $COLUMNS is not set, and $COLUMNS over it.
for columns in 40 100; do
	for setting in unset 60; do
		test=terminal/$columns-columns-COLUMNS-$setting
		if [ "$setting" = unset ]; then
			python3 "$reference" pty "$columns" \
				python3 "$reference" help cg_annotate cg_annotate >expected
			python3 "$reference" pty "$columns" \
				"$builddir/cg_annotate" --help >actual
		else
			COLUMNS=$setting python3 "$reference" pty "$columns" \
				python3 "$reference" help cg_annotate cg_annotate >expected
			COLUMNS=$setting python3 "$reference" pty "$columns" \
				"$builddir/cg_annotate" --help >actual
		fi
		if ! grep -q '^usage: cg_annotate' expected; then
			fail "$test" "the reference printed no usage: $(head -1 expected)"
		elif cmp -s expected actual; then
			pass "$test"
		else
			fail "$test" "differs: $(diff expected actual | sed -n 2p)"
		fi
	done
done

# ---- usage errors ----------------------------------------------------------

# same_error NAME PROGRAM ARG...: PROGRAM, run as "cgx", gives the command
# line the usage error argparse gives it, on stderr with status 2, and
# prints nothing on stdout.
same_error() {
	test=errors/$1 program=$2
	shift 2
	COLUMNS=80 python3 "$reference" parse "$program" cgx "$@" \
		>expected.stdout 2>expected.stderr
	echo $? >expected.status
	mkdir -p "errors-$program"
	ln -sf "$builddir/$program" "errors-$program/cgx"
	COLUMNS=80 "./errors-$program/cgx" "$@" >actual.stdout 2>actual.stderr
	echo $? >actual.status
	if [ "$(cat expected.status)" != 2 ]; then
		fail "$test" "argparse gives no usage error: $(cat expected.stdout)"
	elif ! cmp -s expected.status actual.status; then
		fail "$test" "status $(cat actual.status), want 2"
	elif [ -s actual.stdout ]; then
		fail "$test" "something on stdout"
	elif ! cmp -s expected.stderr actual.stderr; then
		fail "$test" "'$(tail -1 actual.stderr)', want '$(tail -1 expected.stderr)'"
	else
		pass "$test"
	fi
}

# A missing file is reported before an unknown option; files beyond those
# a program takes are unknown arguments, listed with the unknown options
# in the order given.
same_error diff-nothing cg_diff
same_error diff-unknown-alone cg_diff --bogus
same_error diff-unknown-one-file cg_diff --bogus a.out
same_error diff-unknown-and-extra cg_diff a.out --bogus b.out c.out
same_error diff-extra-then-unknown cg_diff a.out b.out c.out --bogus
same_error diff-extra-after-dashes cg_diff a.out b.out -- c.out
same_error diff-dashes-option-as-file cg_diff a.out -- --bogus b.out
same_error diff-value-missing cg_diff a.out b.out --mod-funcname
same_error diff-ambiguous cg_diff --mod-f=s/a/b/ a.out b.out
same_error merge-nothing cg_merge
same_error merge-unknown-alone cg_merge --bogus
same_error merge-unknown-short cg_merge -x a.out
same_error merge-value-missing cg_merge a.out -o
same_error merge-value-is-option cg_merge -o --version a.out
same_error annotate-nothing cg_annotate
same_error annotate-unknown-alone cg_annotate --bogus --diff
same_error annotate-value-missing cg_annotate a.out --context
same_error annotate-flag-with-value cg_annotate --diff=yes a.out
same_error annotate-ambiguous cg_annotate --sh=Ir a.out

# Its failures are its FAIL lines: reaching this end is a clean end (see
# run-all.sh, which counts any other end as a failure).
exit 0
