#!/bin/sh
# The sanitized suite: builds the post-processing programs (cg_annotate,
# cg_merge, cg_diff: those the build folder's Makefile lists) with
# AddressSanitizer and UndefinedBehaviorSanitizer into a folder of their
# own, and runs the post-processing suites (profiles, hostile, golden,
# annotate, help) against that build.  Any sanitizer report, leaks included,
# ends the program with SIGABRT, which every suite sees as a failure.
#
# usage: sh tests/suite-sanitized.sh SRCDIR BUILDDIR [SUITE...]
#   BUILDDIR is a configured build folder (its Makefile gives the source
#   lists and flags); the sanitized programs go to BUILDDIR/sanitized.
#   CC chooses the compiler (default cc).
# Prints the suites' lines with "sanitized/" before each test's name.
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
if [ $# -lt 2 ]; then
	echo "usage: $0 SRCDIR BUILDDIR [SUITE...]" >&2
	exit 2
fi
srcdir=$(cd "$1" && pwd) && builddir=$(cd "$2" && pwd) || exit 2
shift 2
out=$builddir/sanitized
cc=${CC:-cc}
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

helper=$(mktemp) || exit 2
trap 'rm -f "$helper" "$helper.defs"' EXIT

# setup_fail WHY: one failed test, the totals, and out.
setup_fail() {
	echo "FAIL sanitized/build: $1"
	exit 1
}

# The build's own lists: "make_var NAME" prints the Makefile's $(NAME) as
# written there (the C defines keep their backslashes).
printf "sanitized-print-%%:\n\t@printf '%%s\\\\n' '\$(\$*)'\n" >"$helper"
make_var() {
	make -s -C "$builddir" -f Makefile -f "$helper" "sanitized-print-$1"
}
programs=$(make_var bin_PROGRAMS) || setup_fail "cannot read $builddir/Makefile"
library=$(make_var libcgprofile_a_SOURCES)
# The defines (-DPACKAGE_VERSION=\"1.0.0\" ...) go through a response file,
# which both gcc and clang read with the shell's quoting.
make_var DEFS >"$helper.defs" || setup_fail "cannot read DEFS"
pcre2_cflags=$(make_var PCRE2_CFLAGS)
pcre2_libs=$(make_var PCRE2_LIBS)

# compile SOURCE...: compiles each .c file of the list into $out/obj (so
# the library is compiled once) and prints the objects' names.
compile() {
	for source in "$@"; do
		case $source in *.c) ;; *) continue ;; esac
		object=$out/obj/${source%.c}.o
		if [ ! -f "$object" ]; then
			# shellcheck disable=SC2086 # flags are lists
			$cc -O1 -g $sanitize -Wall -Wextra "@$helper.defs" -I"$srcdir" \
				$pcre2_cflags -c -o "$object" "$srcdir/$source" >&2 ||
				return 1
		fi
		echo "$object"
	done
}

rm -rf "$out"
mkdir -p "$out/obj" || setup_fail "cannot create $out"
# shellcheck disable=SC2086 # source lists
library_objects=$(compile $library) ||
	setup_fail "$cc cannot compile the library with $sanitize"
for program in $programs; do
	case $program in cg_*) ;; *) continue ;; esac
	sources=$(make_var "${program}_SOURCES")
	extra_libs=$(make_var "${program}_LDADD" | tr ' ' '\n' | grep '^-l' | tr '\n' ' ')
	# shellcheck disable=SC2086 # lists
	objects=$(compile $sources) &&
		$cc $sanitize -o "$out/$program" $objects $library_objects \
			$pcre2_libs $extra_libs ||
		setup_fail "$cc cannot build $program with $sanitize"
done

# A sanitizer's report aborts the program; leaks are reports too.
ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
UBSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS UBSAN_OPTIONS

if [ $# -eq 0 ]; then
	for suite in profiles hostile golden annotate help; do
		[ -f "$srcdir/tests/suite-$suite.sh" ] && set -- "$@" "$suite"
	done
fi
# A suite that does not end with status 0 counts as a failure, as
# run-all.sh counts one.
for suite in "$@"; do
	{ sh "$srcdir/tests/suite-$suite.sh" "$srcdir" "$out" 2>&1
	  status=$?
	  [ "$status" = 0 ] || echo "FAIL $suite/suite-ended: status $status"; } |
		sed 's,^\(PASS\|FAIL\) ,\1 sanitized/,'
done

# Its failures are its FAIL lines: reaching this end is a clean end (see
# run-all.sh, which counts any other end as a failure).
exit 0
