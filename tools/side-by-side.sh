#!/bin/sh
# Runs one program under the system's Valgrind Cachegrind and under this
# build's, one after the other, and says whether the two profiles are
# identical.  The build folder's vg-side-by-side calls it.
#
# The program sees its environment: Valgrind adds VALGRIND_LIB's folder to
# it (in LD_PRELOAD, and VALGRIND_LIB itself when set), and the length and
# even the characters of those strings move its stack and so its counts.
# Run naively, "valgrind" and "vg-in-place" therefore differ a little on
# most programs.  Here both runs use one tool folder, at one path: it
# first holds links to every file of the system's Valgrind, then its
# cachegrind links are turned to this build's, so the two runs differ in
# nothing the program can see but the tool's own memory map
# (/proc/self/maps; see README).  Input on stdin is kept and given to both.
# Both runs are made with address-space randomisation off where the
# system lets it be turned off: a 32-bit program's stack (Valgrind's own
# place in memory decides it) otherwise moves from run to run, and with it
# the program's misses.
#
# usage: side-by-side.sh VALGRIND SYSTEM-LIBEXEC IN-PLACE-FOLDER
#                        [VALGRIND-OPTION...] PROGRAM [ARG...]
# Writes cachegrind.out.valgrind and cachegrind.out.ours in the current
# folder.  Exit status: 0 identical, 1 different, 2 could not compare.
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
me=vg-side-by-side
comparer=$(dirname "$0")/compare-profiles.awk

usage="usage: $me [VALGRIND-OPTION...] PROGRAM [ARG...]"
if [ $# -lt 4 ]; then
	echo "$usage" >&2
	exit 2
fi
valgrind=$1 system=$2 in_place=$3
shift 3
for arg in "$@"; do
	case $arg in
	-h | --help)
		cat <<EOF
$usage

Runs PROGRAM under the system's Valgrind Cachegrind and under this build's,
one after the other, in the same environment, and says whether the two
profiles are identical; they are left in cachegrind.out.valgrind and
cachegrind.out.ours.  Standard input, unless it is a terminal, is read to
its end first and given to both runs: where it is a pipe that stays open
and the program reads none, give it </dev/null.  Both runs are made with
address-space randomisation off (setarch -R), where the system allows it.
The program's output and Valgrind's messages are not shown: it says whether
the program's exit status or output differed between the two runs.

Exit status: 0 identical, 1 different, 2 no comparison made.
EOF
		exit 0 ;;
	--cachegrind-out-file=*)
		echo "$me: error: --cachegrind-out-file is set by $me (it writes cachegrind.out.valgrind and cachegrind.out.ours)" >&2
		exit 2 ;;
	-*) ;;
	*) break ;;
	esac
done

work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 2' HUP INT TERM

# The tool folder, for the first run: the system's files, its cachegrind
# included (linked as a build's tools would be).
lib=$work/lib
system_cachegrind=$(cd "$system" && ls -d cachegrind-*) || exit 2
# shellcheck disable=SC2086 # one word per tool
sh "$(dirname "$0")/make-tool-folder.sh" "$lib" "$system" "$system" \
	$system_cachegrind || exit 2

if [ -t 0 ]; then
	input=/dev/null
else
	input=$work/stdin
	cat >"$input" || exit 2
fi

# setarch -R, if the system lets a process turn randomisation off.
no_aslr=
if setarch "$(uname -m)" -R true 2>/dev/null; then
	no_aslr="setarch $(uname -m) -R"
fi

# Runs the program under the tool folder's cachegrind, the profile, the
# program's output and Valgrind's messages named after SIDE.  A profile per
# process (%p), to tell a program that forked.
run_side() { # SIDE VALGRIND-OPTION... PROGRAM ARG...
	side=$1
	shift
	# shellcheck disable=SC2086 # setarch and its arguments, or nothing
	VALGRIND_LIB=$lib $no_aslr "$valgrind" --tool=cachegrind \
		--cachegrind-out-file="$work/$side.out.%p" "$@" \
		<"$input" >"$work/$side.stdout" 2>"$work/$side.stderr"
}

# The one profile of SIDE's run, or an error.
profile_of() { # SIDE LABEL
	set -- "$1" "$2" "$work/$1".out.*
	if [ $# -eq 3 ] && [ -s "$3" ]; then
		echo "$3"
		return 0
	fi
	if [ $# -gt 3 ]; then
		echo "$me: error: the program ran $(($# - 2)) processes under $2; compare a forking program's profiles by hand" >&2
	else
		echo "$me: error: the run under $2 wrote no profile; it said:" >&2
		# Valgrind writes some of its messages (--version, say) to stdout.
		if [ -s "$work/$1.stderr" ]; then
			tail -n 5 "$work/$1.stderr" >&2
		else
			tail -n 5 "$work/$1.stdout" >&2
		fi
	fi
	return 1
}

# Copies FROM to TO through a temporary file beside TO, so that TO is
# never left half-written.
publish() { # FROM TO
	if cp "$1" "$2.tmp" && mv "$2.tmp" "$2"; then
		return 0
	fi
	rm -f "$2.tmp"
	echo "$me: error: could not write $2" >&2
	return 1
}

run_side valgrind "$@"
refs_status=$?
for f in "$in_place"/cachegrind-*; do
	[ -e "$f" ] || continue
	ln -sfn "$(readlink "$f")" "$lib/$(basename "$f")" || exit 2
done
run_side ours "$@"
ours_status=$?

refs=$(profile_of valgrind "Valgrind's Cachegrind") || exit 2
ours=$(profile_of ours "this build's Cachegrind") || exit 2
publish "$refs" cachegrind.out.valgrind || exit 2
publish "$ours" cachegrind.out.ours || exit 2

if [ "$refs_status" != "$ours_status" ]; then
	echo "$me: exit statuses differ: $refs_status under Valgrind's Cachegrind, $ours_status under this build's"
elif [ "$refs_status" != 0 ]; then
	echo "$me: the program exited with status $refs_status in both runs"
fi
if ! cmp -s "$work/valgrind.stdout" "$work/ours.stdout"; then
	echo "$me: the program's output differs between the two runs: it did not run the same way twice"
fi
if cmp -s cachegrind.out.valgrind cachegrind.out.ours; then
	echo "identical: cachegrind.out.valgrind and cachegrind.out.ours ($(grep -c '^[0-9]' cachegrind.out.ours) lines of counts)"
	exit 0
fi
echo "different: cachegrind.out.valgrind and cachegrind.out.ours"
echo "first difference (ours against Valgrind's): $(awk -f "$comparer" cachegrind.out.ours cachegrind.out.valgrind)"
echo "A program that does not run the same way twice (a random seed, threads, the time) differs between any two runs, and so, a little, does one that reads /proc/self/maps (see README); one that uses the client requests of cachegrind.h is counted as they say only by this build (Valgrind 3.19 ignores them). cg_diff cachegrind.out.valgrind cachegrind.out.ours shows every line that differs."
exit 1
