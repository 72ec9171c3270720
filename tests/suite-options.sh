#!/bin/sh
# The options suite: the tool's command-line options and cache
# configuration, run through BUILDDIR/vg-in-place.  Where Valgrind 3.19's
# Cachegrind (the installed `valgrind --tool=cachegrind`) defines the
# behaviour, each test runs it with the same arguments and requires the
# same messages and exit status; where 3.19 crashes (a zero associativity
# or line size) or has nothing to compare (the kernel's cache description,
# the -v line naming the source), the expected text is written here.
#
# Both tools take the host's caches from the core's decoding of CPUID; the
# tests of kernel-style descriptions point ours at small made-up ones
# ($CACHEGRIND_SYSFS_CACHE_DIR), which 3.19 does not read.
#
# usage: sh tests/suite-options.sh SRCDIR BUILDDIR
# Prints one "PASS options/name" or "FAIL options/name: why" line per test.
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 SRCDIR BUILDDIR" >&2
	exit 2
fi
srcdir=$(cd "$1" && pwd) && builddir=$(cd "$2" && pwd) || exit 2
work=$builddir/tests/out/options
ours=$builddir/vg-in-place
# shellcheck disable=SC1091 # in the source tree given as SRCDIR
. "$srcdir/tools/system-valgrind.sh"
reference=$(system_valgrind "$builddir")

pass() { printf 'PASS options/%s\n' "$1"; }
fail() { printf 'FAIL options/%s: %s\n' "$1" "$2"; }
setup_fail() {
	fail setup "$1"
	exit 1
}

[ -x "$ours" ] || setup_fail "$ours not found (build the tool first)"
[ -x "$reference" ] || setup_fail "the installed valgrind, $reference, not found"
command -v gcc >/dev/null || setup_fail "gcc not found"
rm -rf "$work"
mkdir -p "$work/run" "$work/elsewhere" || setup_fail "cannot create $work"
client=$work/chdir-client
gcc -O1 -o "$client" "$srcdir/tests/options/chdir-client.c" ||
	setup_fail "cannot compile tests/options/chdir-client.c"

# ---- running the two tools ------------------------------------------------------

# run_tool SIDE TAG [NAME=VALUE...] ARG...
# Runs our tool (SIDE "ours") or 3.19's ("ref") in $work/run with the
# environment settings and arguments given.  Leaves its stdout in
# $work/TAG.SIDE.out, its stderr with every pid replaced by PID in
# $work/TAG.SIDE, the raw stderr in $work/TAG.SIDE.raw and the exit status
# in $work/TAG.SIDE.status.  Ours reads no kernel-style description
# unless told to.
run_tool() {
	side=$1 tag=$2
	shift 2
	(
		cd "$work/run" || exit 99
		if [ "$side" = ours ]; then
			launcher=$ours
		else
			launcher=$reference
			unset VALGRIND_LIB
		fi
		unset CACHEGRIND_SYSFS_CACHE_DIR
		while [ $# -gt 0 ]; do
			case $1 in
			[A-Za-z_]*=*)
				# shellcheck disable=SC2163 # "$1" is NAME=VALUE
				export "$1" && shift
				;;
			*) break ;;
			esac
		done
		exec "$launcher" --tool=cachegrind "$@"
	) >"$work/$tag.$side.out" 2>"$work/$tag.$side.raw"
	echo $? >"$work/$tag.$side.status"
	sed -e 's/^==[0-9][0-9]*==/==PID==/' -e 's/^--[0-9][0-9]*--/--PID--/' \
		"$work/$tag.$side.raw" >"$work/$tag.$side"
}

# run_both TAG [NAME=VALUE...] ARG...: run_tool for both sides (the
# settings apply to both).
run_both() {
	tag=$1
	shift
	run_tool ours "$tag" "$@"
	run_tool ref "$tag" "$@"
}

status_of() { cat "$work/$1.$2.status"; }

# The parts of a run's stderr the tests compare.
fatal_lines() { grep '^valgrind: ' "$1"; }
config_lines() { awk '/Cache configuration used:/ { n = 4 } n > 0 { print; n-- }' "$1"; }
warning_lines() { grep -E '^--PID-- (warning|Warning|         )' "$1"; }
min_line_lines() { grep -A2 'Cachegrind: cannot continue' "$1"; }
# Everything but the banner lines that name the tool's authors and version.
unbannered_lines() { grep -v -e '^==PID== Copyright' -e '^==PID== Using Valgrind' "$1"; }

# same_as_reference NAME TAG EXTRACTOR [required]
# Passes if EXTRACTOR gives the same lines for both runs of TAG and the
# exit statuses agree.  With "required", 3.19's lines must not be empty
# (so the test cannot pass by both printing nothing).
same_as_reference() {
	name=$1 tag=$2 extract=$3 need=${4:-}
	$extract "$work/$tag.ours" >"$work/$tag.ours.part"
	$extract "$work/$tag.ref" >"$work/$tag.ref.part"
	if [ -n "$need" ] && [ ! -s "$work/$tag.ref.part" ]; then
		fail "$name" "3.19 printed none of the lines compared (see $work/$tag.ref)"
	elif ! cmp -s "$work/$tag.ours.part" "$work/$tag.ref.part"; then
		fail "$name" "$(diff "$work/$tag.ref.part" "$work/$tag.ours.part" |
			grep '^[<>]' | head -4 | tr '\n' '|')"
	elif [ "$(status_of "$tag" ours)" != "$(status_of "$tag" ref)" ]; then
		fail "$name" "exit status $(status_of "$tag" ours), 3.19 gives $(status_of "$tag" ref)"
	else
		pass "$name"
	fi
}

# expect_lines NAME TAG STATUS EXTRACTOR TEXT
# Passes if EXTRACTOR gives exactly TEXT for our run TAG and it exits
# with STATUS.
expect_lines() {
	name=$1 tag=$2 status=$3 extract=$4 text=$5
	$extract "$work/$tag.ours" >"$work/$tag.ours.part"
	printf '%s\n' "$text" >"$work/$tag.expected"
	if ! cmp -s "$work/$tag.ours.part" "$work/$tag.expected"; then
		fail "$name" "$(diff "$work/$tag.expected" "$work/$tag.ours.part" |
			grep '^[<>]' | head -4 | tr '\n' '|')"
	elif [ "$(status_of "$tag" ours)" != "$status" ]; then
		fail "$name" "exit status $(status_of "$tag" ours), expected $status"
	else
		pass "$name"
	fi
}

# ---- cache options rejected: the same messages and status as 3.19 --------------

rejected() {
	name=$1
	shift
	run_both "$name" "$@" true
	same_as_reference "rejected/$name" "$name" fatal_lines required
}
rejected set-count-not-power-of-two --I1=32768,8,63
rejected size-not-whole-sets --I1=32800,8,64
rejected not-a-number --D1=abc
rejected hexadecimal --LL=0x100,1,64
rejected overflow --I1=99999999999,8,64
rejected overflow-just-above-int --LL=2147483648,8,64
rejected overflow-negative --D1=32768,-2147483649,64
rejected overflow-of-32-bits --I1=4294967296,8,64
rejected two-fields --I1=1,2
rejected four-fields --D1=32768,8,64,64
rejected trailing-text --I1=32768,8,64x
rejected trailing-comma --L2=32768,8,64,
rejected empty-value --I1=
rejected empty-size --D1=,8,64
rejected line-too-small --I1=32768,8,8
rejected size-not-above-line --I1=64,1,64
rejected no-whole-set --LL=32768,1,65536
rejected line-not-power-of-two --D1=32768,-8,-64
rejected negative-size --LL=-32768,8,64
rejected int-min-size --I1=-2147483648,8,64
rejected too-many-ways --I1=32768,4096,16
rejected first-error-wins --I1=32768,8,8 --D1=abc
rejected bad-after-good --I1=32768,8,64 --I1=32768,8,63
rejected option-without-value --I1
rejected unknown-cache --L1=32768,8,64
rejected cache-sim-maybe --cache-sim=maybe
rejected cache-sim-empty --cache-sim=
rejected cache-sim-upper-case --cache-sim=YES
rejected branch-sim-maybe --branch-sim=maybe

# 3.19 divides by the associativity and line size while checking them, and
# by their product in 32 bits, and dies of SIGFPE when either is 0 or the
# product is 2^32 (0 in 32 bits); ours says what is wrong in the layout of
# the other check failures.
rejected_zero() {
	name=$1 value=$2 reason=$3
	run_tool ours "zero-$name" "$value" true
	expect_lines "rejected/zero-$name" "zero-$name" 1 fatal_lines \
		"valgrind: $reason
valgrind: Bad option: $value
valgrind: Bad argument '${value#*=}'
valgrind: Use --help for more information or consult the user manual."
}
rejected_zero assoc --I1=32768,0,64 "Cache associativity is zero."
rejected_zero line --D1=32768,8,0 "Cache line size is zero."
rejected_zero empty-fields --LL=32768,, "Cache associativity is zero."
rejected_zero all --L2=0,0,0 "Cache associativity is zero."
rejected_zero product-2^32 --D1=1073741824,65536,65536 \
	"Cache set count is not a power of two."

# ---- cache options accepted: -v shows what will be simulated ---------------------

accepted() {
	name=$1
	shift
	run_both "$name" -v "$@" true
	same_as_reference "accepted/$name" "$name" config_lines required
}
accepted notpower2 --I1=32768,8,64 --D1=24576,6,64 --LL=3145728,12,64
accepted small-odd-caches --I1=1536,3,32 --D1=3072,3,64 --LL=12288,6,64
accepted L2-synonym --I1=32768,8,64 --D1=32768,8,64 --L2=8388608,16,64
accepted last-one-wins --I1=65536,2,64 --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64
accepted wrapped-64-bit-value --I1=18446744073709584384,8,64 --D1=32768,8,64 --LL=8388608,16,64
accepted signs-and-spaces "--I1= +32768,8,64" --D1=32768,+8,64 --LL=8388608,16,+64

run_both notpower2-quiet -q --D1=24576,6,64 --LL=3145728,12,64 true
if [ "$(status_of notpower2-quiet ours)" = 0 ] && [ "$(status_of notpower2-quiet ref)" = 0 ]; then
	pass accepted/notpower2-runs
else
	fail accepted/notpower2-runs "exit status $(status_of notpower2-quiet ours), 3.19 gives $(status_of notpower2-quiet ref)"
fi

# ---- the smallest line must hold the largest register ---------------------------

if grep -q '^flags.* avx' /proc/cpuinfo; then
	for cache in I1 D1 LL; do
		case $cache in
		LL) option=--LL=8388608,16,16 ;;
		*) option=--$cache=32768,8,16 ;;
		esac
		run_both "min-line-$cache" "$option" true
		same_as_reference "min-line/$cache-16-bytes" "min-line-$cache" min_line_lines required
	done
fi
run_both min-line-32 --I1=32768,8,32 --D1=32768,8,32 --LL=8388608,16,32 true
same_as_reference min-line/32-bytes min-line-32 min_line_lines

# ---- detection from CPUID: warnings and the configuration, as 3.19 --------------

run_both cpuid-plain true
same_as_reference detected/cpuid-warnings cpuid-plain warning_lines
run_both cpuid-quiet -q true
same_as_reference detected/cpuid-warnings-with-q cpuid-quiet warning_lines
run_both cpuid-all-given --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64 true
same_as_reference detected/cpuid-warnings-with-all-caches-given cpuid-all-given warning_lines
run_both cpuid-verbose -v true
same_as_reference detected/cpuid-configuration cpuid-verbose config_lines required

# What -v says about the source: 3.19's words for a failed detection tell
# which of ours to expect.
cpuid_source="Cache configuration detected from the CPUID information"
grep -q 'Cannot auto-detect' "$work/cpuid-verbose.ref" &&
	cpuid_source="Cache configuration not detected: built-in defaults used"
source_line() { grep -E '^--PID-- Cache configuration (detected|not detected)' "$1"; }
expect_lines detected/cpuid-source cpuid-verbose 0 source_line "--PID-- $cpuid_source"

# An empty $CACHEGRIND_SYSFS_CACHE_DIR names no description.
run_tool ours empty-variable CACHEGRIND_SYSFS_CACHE_DIR= -v true
expect_lines detected/empty-variable-means-cpuid empty-variable 0 source_line "--PID-- $cpuid_source"

# ---- detection from a kernel description -------------------------------------------

# describe FOLDER INDEX LEVEL TYPE SIZE WAYS LINE: one cache, as the kernel
# describes it in /sys/devices/system/cpu/cpu0/cache/index<INDEX>.
describe() {
	entry=$1/index$2
	if ! { mkdir -p "$entry" &&
		echo "$3" >"$entry/level" && echo "$4" >"$entry/type" &&
		echo "$5" >"$entry/size" && echo "$6" >"$entry/ways_of_associativity" &&
		echo "$7" >"$entry/coherency_line_size"; }; then
		setup_fail "cannot write $entry"
	fi
}
sysfs=$work/sysfs
describe "$sysfs/l3" 0 1 Data 48K 12 64
describe "$sysfs/l3" 1 1 Instruction 32K 8 64
describe "$sysfs/l3" 2 2 Unified 1024K 8 64
describe "$sysfs/l3" 3 3 Unified 32768K 16 64
cp -R "$sysfs/l3" "$sysfs/l3-odd"
describe "$sysfs/l3-odd" 3 3 Unified 33792K 11 64
describe "$sysfs/l2-odd" 0 1 Instruction 32K 8 64
describe "$sysfs/l2-odd" 1 1 Data 32K 8 64
describe "$sysfs/l2-odd" 2 2 Unified 5120K 16 64
cp -R "$sysfs/l3" "$sysfs/no-unified-top"
rm -r "$sysfs/no-unified-top/index3"
describe "$sysfs/no-unified-top" 2 2 Data 1024K 8 64
cp -R "$sysfs/l3" "$sysfs/odd-I1"
describe "$sysfs/odd-I1" 1 1 Instruction 24K 8 64
cp -R "$sysfs/l2-odd" "$sysfs/fully-associative"
describe "$sysfs/fully-associative" 2 2 Unified 64K 0 64
echo 1 >"$sysfs/fully-associative/index2/number_of_sets"
cp -R "$sysfs/l3" "$sysfs/unreadable"
echo "not a number" >"$sysfs/unreadable/index2/ways_of_associativity"
cp -R "$sysfs/l3" "$sysfs/gap"
mv "$sysfs/gap/index2" "$sysfs/gap/index5"
cp -R "$sysfs/l3" "$sysfs/too-many"
cp -R "$sysfs/l3/index3" "$sysfs/too-many/index16"
# 2^31 bytes, written with a suffix: out of range once multiplied out.
cp -R "$sysfs/l2-odd" "$sysfs/huge-size"
describe "$sysfs/huge-size" 2 2 Unified 2097152K 16 64
# 0 ways and more than one set: not fully associative, and not usable.
cp -R "$sysfs/l2-odd" "$sysfs/no-ways"
describe "$sysfs/no-ways" 2 2 Unified 256K 0 64
echo 4 >"$sysfs/no-ways/index2/number_of_sets"
# One entry missing, the last but one.
cp -R "$sysfs/l3" "$sysfs/gap-of-one"
rm -r "$sysfs/gap-of-one/index2"
# Entries the kernel would not name so are not part of the description.
cp -R "$sysfs/l3" "$sysfs/other-entries"
cp -R "$sysfs/l3/index2" "$sysfs/other-entries/index05"
cp -R "$sysfs/l3/index2" "$sysfs/other-entries/index5.old"
mkdir "$sysfs/other-entries/index"

configuration() {
	grep -E -e '^--PID-- (warning|Warning|Cache configuration|         )' \
		-e '^==PID== (Cache configuration used|  (I1|D1|LL): |Auto-detected|As it|Bypass)' "$1"
}
from_sysfs() {
	name=$1 tree=$2
	shift 2
	run_tool ours "sysfs-$name" CACHEGRIND_SYSFS_CACHE_DIR="$sysfs/$tree" "$@" true
}

# What the level-3 description gives, with -v.
l3_configuration="--PID-- warning: L3 cache found, using its data for the LL simulation.
--PID-- Cache configuration detected from the description in \$CACHEGRIND_SYSFS_CACHE_DIR
==PID== Cache configuration used:
==PID==   I1: 32,768 B, 8-way, 64 B lines
==PID==   D1: 49,152 B, 12-way, 64 B lines
==PID==   LL: 33,554,432 B, 16-way, 64 B lines"
from_sysfs l3 l3 -v
expect_lines sysfs/level-3-LL sysfs-l3 0 configuration "$l3_configuration"

# 49152 sets of 11 ways become 32768 sets of round(11 * 1.5) = 17 ways.
from_sysfs l3-odd l3-odd -v
expect_lines sysfs/LL-repaired sysfs-l3-odd 0 configuration \
	"--PID-- warning: L3 cache found, using its data for the LL simulation.
--PID-- Cache configuration detected from the description in \$CACHEGRIND_SYSFS_CACHE_DIR
--PID-- warning: specified LL cache: line_size 64  assoc 11  total_size 34,603,008
--PID-- warning: simulated LL cache: line_size 64  assoc 17  total_size 35,651,584
==PID== Cache configuration used:
==PID==   I1: 32,768 B, 8-way, 64 B lines
==PID==   D1: 49,152 B, 12-way, 64 B lines
==PID==   LL: 35,651,584 B, 17-way, 64 B lines"

# The repair is made before the options replace the LL, and warns anyway.
from_sysfs l3-odd-given l3-odd -q --LL=8388608,16,64
expect_lines sysfs/LL-repair-warns-with-LL-given sysfs-l3-odd-given 0 configuration \
	"--PID-- warning: L3 cache found, using its data for the LL simulation.
--PID-- warning: specified LL cache: line_size 64  assoc 11  total_size 34,603,008
--PID-- warning: simulated LL cache: line_size 64  assoc 17  total_size 35,651,584"

# 5120 sets become 4096 of 20 ways: the same size, other ways; an L2 LL
# gets no "found" warning.
from_sysfs l2-odd l2-odd -v
expect_lines sysfs/level-2-LL-repaired sysfs-l2-odd 0 configuration \
	"--PID-- Cache configuration detected from the description in \$CACHEGRIND_SYSFS_CACHE_DIR
--PID-- warning: specified LL cache: line_size 64  assoc 16  total_size 5,242,880
--PID-- warning: simulated LL cache: line_size 64  assoc 20  total_size 5,242,880
==PID== Cache configuration used:
==PID==   I1: 32,768 B, 8-way, 64 B lines
==PID==   D1: 32,768 B, 8-way, 64 B lines
==PID==   LL: 5,242,880 B, 20-way, 64 B lines"

from_sysfs no-unified-top no-unified-top -v
expect_lines sysfs/no-unified-top-level sysfs-no-unified-top 0 configuration \
	"--PID-- warning: L2 cache not installed, ignore LL results.
--PID-- Warning: Cannot auto-detect cache config, using defaults.
--PID--          Run with -v to see.
--PID-- Cache configuration not detected: built-in defaults used
==PID== Cache configuration used:
==PID==   I1: 65,536 B, 2-way, 64 B lines
==PID==   D1: 65,536 B, 2-way, 64 B lines
==PID==   LL: 262,144 B, 8-way, 64 B lines"

from_sysfs no-unified-top-given no-unified-top \
	--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64
expect_lines sysfs/no-unified-top-level-all-caches-given sysfs-no-unified-top-given 0 \
	configuration "--PID-- warning: L2 cache not installed, ignore LL results."

# 24 KiB of 8 ways of 64 B is 48 sets: fatal unless --I1 replaces it.
from_sysfs odd-I1 odd-I1
expect_lines sysfs/unusable-I1 sysfs-odd-I1 1 configuration \
	"--PID-- warning: L3 cache found, using its data for the LL simulation.
==PID== Auto-detected I1 cache configuration not supported: Cache set count is not a power of two.
==PID==   I1: 24,576 B, 8-way, 64 B lines
==PID== As it probably should be supported, please report a bug!
==PID== Bypass this message by using option --I1=..."
from_sysfs odd-I1-given odd-I1 --I1=32768,8,64
expect_lines sysfs/unusable-I1-replaced sysfs-odd-I1-given 0 configuration \
	"--PID-- warning: L3 cache found, using its data for the LL simulation.
==PID== Auto-detected I1 cache configuration not supported: Cache set count is not a power of two.
==PID==   I1: 24,576 B, 8-way, 64 B lines"

# The kernel gives 0 ways and 1 set for a fully associative cache.
from_sysfs fully-associative fully-associative -v
expect_lines sysfs/fully-associative-LL sysfs-fully-associative 0 configuration \
	"--PID-- Cache configuration detected from the description in \$CACHEGRIND_SYSFS_CACHE_DIR
==PID== Cache configuration used:
==PID==   I1: 32,768 B, 8-way, 64 B lines
==PID==   D1: 32,768 B, 8-way, 64 B lines
==PID==   LL: 65,536 B, 1024-way, 64 B lines"

# A description that cannot be read entirely is an error naming the file:
# another source would simulate other caches than the ones asked for.
from_sysfs unreadable unreadable
expect_lines sysfs/unreadable-is-an-error sysfs-unreadable 1 fatal_lines \
	"valgrind: CACHEGRIND_SYSFS_CACHE_DIR=$sysfs/unreadable: $sysfs/unreadable/index2/ways_of_associativity is not a number below 2^31 (with K, M or G)"
# The entries are numbered from 0 without gaps: a gap is not the end.
from_sysfs gap gap
expect_lines sysfs/gap-is-an-error sysfs-gap 1 fatal_lines \
	"valgrind: CACHEGRIND_SYSFS_CACHE_DIR=$sysfs/gap: $sysfs/gap/index2 does not exist, though a higher index does"
from_sysfs gap-of-one gap-of-one
expect_lines sysfs/gap-of-one-is-an-error sysfs-gap-of-one 1 fatal_lines \
	"valgrind: CACHEGRIND_SYSFS_CACHE_DIR=$sysfs/gap-of-one: $sysfs/gap-of-one/index2 does not exist, though a higher index does"
from_sysfs huge-size huge-size
expect_lines sysfs/size-past-2^31-is-an-error sysfs-huge-size 1 fatal_lines \
	"valgrind: CACHEGRIND_SYSFS_CACHE_DIR=$sysfs/huge-size: $sysfs/huge-size/index2/size is not a number below 2^31 (with K, M or G)"
from_sysfs no-ways no-ways
expect_lines sysfs/no-ways-with-sets sysfs-no-ways 1 configuration \
	"==PID== Auto-detected LL cache configuration not supported: Cache associativity is zero.
==PID==   LL: 262,144 B, 0-way, 64 B lines
==PID== As it probably should be supported, please report a bug!
==PID== Bypass this message by using option --LL=..."
from_sysfs too-many too-many
expect_lines sysfs/too-many-is-an-error sysfs-too-many 1 fatal_lines \
	"valgrind: CACHEGRIND_SYSFS_CACHE_DIR=$sysfs/too-many: $sysfs/too-many/index16 or a higher index exists: at most 16 entries are read"
from_sysfs other-entries other-entries -v
expect_lines sysfs/other-entries-ignored sysfs-other-entries 0 configuration \
	"$l3_configuration"
from_sysfs missing no-such-folder
expect_lines sysfs/missing-is-an-error sysfs-missing 1 fatal_lines \
	"valgrind: CACHEGRIND_SYSFS_CACHE_DIR=$sysfs/no-such-folder: $sysfs/no-such-folder/index0 does not exist"

# The host's own description, where the kernel gives one, is read as the
# made-up ones are.
host_sysfs=/sys/devices/system/cpu/cpu0/cache
if [ -r "$host_sysfs/index0/size" ]; then
	run_tool ours host-sysfs CACHEGRIND_SYSFS_CACHE_DIR=$host_sysfs -v true
	expect_lines sysfs/host-description host-sysfs 0 source_line \
		"--PID-- Cache configuration detected from the description in \$CACHEGRIND_SYSFS_CACHE_DIR"
fi

# ---- --cachegrind-out-file --------------------------------------------------------

pid_of() { sed -n 's/^==\([0-9][0-9]*\)==.*/\1/p' "$work/$1.ours.raw" | head -1; }

# out_file NAME EXPECTED FORMAT [NAME=VALUE...]: FORMAT (relative to
# $work/run) must name the file EXPECTED, where "PID" is the run's pid.
out_file() {
	name=$1 expected=$2 format=$3
	shift 3
	run_tool ours "out-$name" "$@" --cachegrind-out-file="$format" "$client"
	file=$(printf '%s' "$expected" | sed "s/PID/$(pid_of "out-$name")/g")
	if [ "$(status_of "out-$name" ours)" != 0 ]; then
		fail "out-file/$name" "exit status $(status_of "out-$name" ours)"
	elif [ ! -s "$work/run/$file" ]; then
		fail "out-file/$name" "no $work/run/$file"
	else
		pass "out-file/$name"
	fi
}
out_file pid 'cg.PID.out' 'cg.%p.out'
out_file pid-twice 'cg.PID.PID' 'cg.%p.%p'
out_file environment 'cg.from-env.out' 'cg.%q{CG_OPTIONS_TEST_NAME}.out' \
	CG_OPTIONS_TEST_NAME=from-env
out_file percent 'cg%.out' 'cg%%.out'
out_file absolute 'absolute.out' "$work/run/absolute.out"
out_file default-name 'cachegrind.out.PID' 'cachegrind.out.%p'
# %n: the core's file sequence number, 2 after a log file took the 1.
out_file sequence 'cg.1.out' 'cg.%n.out'
out_file sequence-after-log 'cg.2.out' 'cg.%n.out' --log-file="$work/run/log.%n"

# A relative name is taken from the folder the tool started in, even
# after the client has moved elsewhere.
mkdir -p "$work/run/sub" "$work/elsewhere/sub"
run_tool ours out-after-chdir --cachegrind-out-file=sub/moved.out "$client" "$work/elsewhere"
if [ "$(status_of out-after-chdir ours)" != 0 ]; then
	fail out-file/relative-after-chdir "exit status $(status_of out-after-chdir ours)"
elif [ -e "$work/elsewhere/sub/moved.out" ]; then
	fail out-file/relative-after-chdir "written in the client's new folder"
elif [ ! -s "$work/run/sub/moved.out" ]; then
	fail out-file/relative-after-chdir "no $work/run/sub/moved.out"
else
	pass out-file/relative-after-chdir
fi
run_tool ours out-default-after-chdir "$client" "$work/elsewhere"
pid=$(pid_of out-default-after-chdir)
if [ -s "$work/run/cachegrind.out.$pid" ] && [ ! -e "$work/elsewhere/cachegrind.out.$pid" ]; then
	pass out-file/default-name-after-chdir
else
	fail out-file/default-name-after-chdir "cachegrind.out.$pid not in $work/run only"
fi

# Bad names are found at exit: the same report as 3.19, and no file.
bad_out_file() {
	name=$1 format=$2
	run_both "bad-out-$name" CG_OPTIONS_TEST_NAME=x --cachegrind-out-file="$format" true
	same_as_reference "out-file/rejected-$name" "bad-out-$name" unbannered_lines required
}
files_before=$(ls -A "$work/run")
bad_out_file q-without-brace 'cg.%qx'
bad_out_file unset-variable 'cg.%q{CG_OPTIONS_UNSET_NAME}'
bad_out_file missing-brace 'cg.%q{CG_OPTIONS_TEST_NAME'
bad_out_file unknown-escape 'cg.%x'
bad_out_file empty ''
# shellcheck disable=SC2088 # the tilde is meant to reach the tool
bad_out_file tilde '~/cg.out'
if [ "$(ls -A "$work/run")" = "$files_before" ]; then
	pass out-file/rejected-names-write-nothing
else
	fail out-file/rejected-names-write-nothing "new files in $work/run"
fi

# ---- usage ----------------------------------------------------------------------

run_both usage --help
cache_usage() { grep -E '^    --(I1|D1|LL)=' "$1"; }
for side in ours ref; do
	cp "$work/usage.$side.out" "$work/usage-lines.$side"
	cp "$work/usage.$side.status" "$work/usage-lines.$side.status"
done
same_as_reference usage/cache-options usage-lines cache_usage required

# Its failures are its FAIL lines: reaching this end is a clean end (see
# run-all.sh, which counts any other end as a failure).
exit 0
