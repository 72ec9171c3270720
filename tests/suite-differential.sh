#!/bin/sh
# The differential suite: our Cachegrind and the installed Valgrind 3.19
# Cachegrind run the same workloads with the same explicit caches and
# options, and must write identical profiles and stderr summaries.  Prints
# one "PASS name" or "FAIL name: why" line per case, after checks of its
# own comparers (tests/differential/check-comparer.sh) (see
# tests/differential/run-case.sh for what each kind of case checks and where
# it keeps its files, and tests/differential/cases.sh for the matrix).
#
# Environment:
#   CG_DIFF_QUICK=1        a reduced matrix, for quick iteration
#   CG_DIFF_ONLY=REGEX     only the cases whose names match (grep -E)
#   CG_DIFF_OURS=reference run the reference on both sides, to test the
#                          suite itself before the tool builds
#   CG_DIFF_JOBS=N         cases run at the same time (default 2)
#
# To rerun one case: CG_DIFF_ONLY='^diff/matrix/cfg-small/branch$' with this
# script, or, once the suite has run, sh BUILDDIR/tests/out/NAME/cmd, which
# holds the exact commands (then compare the files it leaves with
# tools/compare-profiles.awk).
#
# usage: sh tests/suite-differential.sh SRCDIR BUILDDIR
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 SRCDIR BUILDDIR" >&2
	exit 2
fi
srcdir=$(cd "$1" && pwd) && builddir=$(cd "$2" && pwd) || exit 2
out=$builddir/tests/out
here=$srcdir/tests/differential
# shellcheck disable=SC1091 # sourced from the source tree given as SRCDIR
. "$here/cases.sh"

setup_fail() {
	printf 'FAIL diff/setup: %s\n' "$1"
	exit 1
}

# ---- what the suite needs ------------------------------------------------------
valgrind=$(system_valgrind "$builddir")
libexec=$(system_libexec "$builddir")
[ -x "$valgrind" ] || setup_fail "valgrind launcher $valgrind not found"
[ -x "$libexec/cachegrind-amd64-linux" ] ||
	setup_fail "the reference $libexec/cachegrind-amd64-linux not found"
for program in /usr/bin/sqlite3 /usr/bin/xz /usr/bin/python3 /usr/bin/cg_annotate; do
	[ -x "$program" ] || setup_fail "$program not found (run tools/install-deps.sh)"
done
for compiler in gcc g++ rustc fpc ocamlopt; do
	command -v $compiler >/dev/null || setup_fail "$compiler not found (run tools/install-deps.sh)"
done
for flag in avx2 fma cx16; do
	grep -q "^flags.* $flag\\b" /proc/cpuinfo || setup_fail "this CPU lacks $flag, which the workloads need"
done

case ${CG_DIFF_OURS:-build} in
build)
	[ -x "$builddir/cachegrind-amd64-linux" ] ||
		setup_fail "$builddir/cachegrind-amd64-linux is not built (set CG_DIFF_OURS=reference to run the reference on both sides)"
	ours_tools=cachegrind-amd64-linux
	[ -x "$builddir/cachegrind-x86-linux" ] && ours_tools="$ours_tools cachegrind-x86-linux"
	;;
reference) ;;
*) setup_fail "CG_DIFF_OURS must be build or reference, not '$CG_DIFF_OURS'" ;;
esac
# A build without the x86 tool (configure found no -m32 compiler, or was
# given --disable-x86), or a machine that starts no 32-bit program
# (tests/runs-32bit.sh), has no 32-bit cases: they are left out, and said
# so.
# shellcheck disable=SC1091 # sourced from the source tree given as SRCDIR
. "$srcdir/tests/runs-32bit.sh"
mkdir -p "$out" || setup_fail "cannot create $out"
no_32bit=
case ${CG_DIFF_OURS:-build} in
build) [ -x "$builddir/cachegrind-x86-linux" ] || no_32bit="this build has no x86 tool" ;;
esac
[ -n "$no_32bit" ] || no_32bit=$(no_32bit_runs "$srcdir" "$out")
# Emptied, the lists give list_cases() no 32-bit case; their sources are
# not built either.
left_out_32bit=
if [ -n "$no_32bit" ]; then
	echo "note: $no_32bit: the 32-bit cases are left out"
	left_out_32bit=" $(echo $workloads_32bit) "
	workloads_32bit= workloads_also_32bit= compiled_workloads=$workloads_64bit
fi

# ---- the two tool folders, their paths of the same length -----------------------
rm -rf "$out/vgl-ours" "$out/vgl-refs"
mkdir "$out/vgl-refs" || setup_fail "cannot create $out/vgl-refs"
for file in "$libexec"/*; do
	ln -s "$file" "$out/vgl-refs/" || setup_fail "cannot link $file into $out/vgl-refs"
done
if [ "${CG_DIFF_OURS:-build}" = reference ]; then
	cp -P -R "$out/vgl-refs" "$out/vgl-ours"
else
	# shellcheck disable=SC2086 # one word per tool
	sh "$srcdir/tools/make-tool-folder.sh" "$out/vgl-ours" "$libexec" "$builddir" $ours_tools
fi || setup_fail "cannot make $out/vgl-ours"

# ---- the workloads -------------------------------------------------------------
mkdir -p "$out/bin" "$out/data" || setup_fail "cannot create $out/bin"
# Builds WORKLOAD from SOURCE with the flags its 'Build flags:' line gives
# and EXTRA, unless it is newer than SOURCE already; every warning is an
# error.
build_workload() { # COMPILER SOURCE WORKLOAD [EXTRA]
	binary=$out/bin/$3
	if [ -x "$binary" ] && [ -n "$(find "$binary" -newer "$2")" ]; then
		return
	fi
	flags=$(sed -n 's,^\( \*\|//\) Build flags: ,,p' "$2")
	[ -n "$flags" ] || setup_fail "$2 has no 'Build flags:' line"
	if ! compile "$@" >"$out/bin/$3.log" 2>&1; then
		setup_fail "cannot build $3: $(grep -i -m 1 'error' "$out/bin/$3.log")"
	fi
	mv "$binary.tmp" "$binary" || setup_fail "cannot write $binary"
}
# Runs COMPILER as build_workload() says, into $binary.tmp.  Free Pascal
# and OCaml write their object files beside the program or the source, so
# they are given a fresh folder of their own for them.
compile() { # COMPILER SOURCE WORKLOAD [EXTRA]
	scratch=$out/bin/$3.build
	# shellcheck disable=SC2086 # the flags are separate words
	case $1 in
	rustc) rustc -g $flags ${4:-} -D warnings -o "$binary.tmp" "$2" ;;
	fpc)
		rm -rf "$scratch" && mkdir "$scratch" &&
			fpc -g $flags -Sew -o"$binary.tmp" -FU"$scratch" "$2"
		;;
	ocamlopt)
		rm -rf "$scratch" && mkdir "$scratch" && cp "$2" "$scratch" &&
			(cd "$scratch" &&
				ocamlopt -g $flags -warn-error +a -o "$binary.tmp" "$(basename "$2")")
		;;
	*) $1 -g $flags ${4:-} -Wall -Wextra -Werror -o "$binary.tmp" "$2" ;;
	esac
}
for source in "$srcdir"/tests/workloads/*.c "$srcdir"/tests/workloads/*.cc \
	"$srcdir"/tests/workloads/*.rs "$srcdir"/tests/workloads/*.pas \
	"$srcdir"/tests/workloads/*.ml; do
	case $source in
	*.cc) build_workload g++ "$source" "$(basename "$source" .cc)" ;;
	*.rs) build_workload rustc "$source" "$(basename "$source" .rs)" ;;
	*.pas) build_workload fpc "$source" "$(basename "$source" .pas)" ;;
	*.ml) build_workload ocamlopt "$source" "$(basename "$source" .ml)" ;;
	*)
		workload=$(basename "$source" .c)
		case $left_out_32bit in *" $workload "*) continue ;; esac
		build_workload gcc "$source" "$workload"
		;;
	esac
done
# shellcheck disable=SC2154 # set in cases.sh
for workload in $workloads_also_32bit; do
	build_workload gcc "$srcdir/tests/workloads/$workload.c" "$workload-32" -m32
done
# About 200 KB of text for xz: numbered lines of pseudo-random values.
if [ ! -s "$out/data/xz-input.txt" ]; then
	awk 'BEGIN {
		state = 1
		for (i = 0; i < 7000; i++) {
			state = (state * 75 + 74) % 65537
			printf "line %d value %d word%d\n", i, state % 100000, state % 37
		}
	}' >"$out/data/xz-input.txt.tmp" || setup_fail "cannot write $out/data/xz-input.txt.tmp"
	mv "$out/data/xz-input.txt.tmp" "$out/data/xz-input.txt" ||
		setup_fail "cannot write $out/data/xz-input.txt"
fi

# ---- the comparers themselves, then the cases, two at a time -------------------------
sh "$here/check-comparer.sh" "$srcdir" "$out/comparer" | grep -E -- "${CG_DIFF_ONLY:-.}"
list_cases "${CG_DIFF_QUICK:-0}" | grep -E -- "${CG_DIFF_ONLY:-.}" >"$out/case-list"
[ -s "$out/case-list" ] || setup_fail "no case matches CG_DIFF_ONLY='${CG_DIFF_ONLY:-}'"
xargs -n 1 -P "${CG_DIFF_JOBS:-2}" sh "$here/run-case.sh" "$srcdir" "$builddir" <"$out/case-list"
