# Definitions for the differential suite, sourced by suite-differential.sh
# and run-case.sh: the workloads and how each is run, the cache
# configurations, the option sets, the matrix of case names built from them,
# and where the system's Valgrind is.
#
# A case name is KIND/WORKLOAD/CONFIG/OPTIONS, for example
# diff/matrix/cfg-small/branch; see run-case.sh for the kinds.
#
# SPDX-License-Identifier: GPL-2.0-or-later

# Workloads built from tests/workloads/NAME.c (NAME.cc with g++, NAME.rs
# with rustc, NAME.pas with Free Pascal, NAME.ml with OCaml's native-code
# compiler), and Debian programs.  Some
# of the C workloads are built a second time as 32-bit programs, NAME-32
# (with -m32 added to their flags), which the tool's x86 build runs; x86 is
# 32-bit only.  The others stay 64-bit: atomics, fault-trees, instructions
# and jit hold 64-bit code, avx2 uses AVX, which Valgrind's 32-bit guest
# does not decode, and the C++, Rust, Pascal and OCaml workloads would need
# 32-bit compilers and libraries that Debian's test packages do not bring.
# shellcheck disable=SC2034 # used by suite-differential.sh
workloads_also_32bit="matrix chase strings branches x87rep fault-window
	threads signals fork dynload debuginfo"
workloads_32bit=x86
for also_32bit in $workloads_also_32bit; do
	workloads_32bit="$workloads_32bit $also_32bit-32"
done
workloads_64bit="matrix chase strings avx2 atomics threads signals fault-window fault-trees fork
	branches x87rep instructions jit dynload debuginfo high-address cplusplus rust pascal ocaml"
compiled_workloads="$workloads_64bit $workloads_32bit"
program_workloads="sqlite xz python"
# gcc's compiler proper: much code, each part run a few times, so that the
# translations and the I1 see far more than the other workloads give them.
# A few cases only: each run takes seconds.
compiler_workload=cc1

# The cache configurations: a typical modern one, associativities that
# are not powers of two, 32-byte lines (the smallest this AVX host accepts)
# with a direct-mapped LL (as an AMD host's CPUID gives by default), small
# caches that miss a lot, with LL lines longer than L1 lines; an odd
# one: direct-mapped I1 with lines twice the LL's (one fetch can straddle
# two LL lines), 16-way D1 with short lines, 3-way LL; and a wide one: L1
# caches of more than eight ways of 64-byte lines (the ways beyond a row
# of eight live in an overflow row, see cg_sim.h), and an LL of more than
# 18 ways (kept in cg_sim.h's layout, not cg_ll.c's narrow one); and for
# the 32-bit programs alone, lines of 16 bytes, which only their tool
# accepts (its largest register is 16 bytes, not 32): the smallest line
# caps every access, so a 108-byte fnsave is one of 16 bytes; lines of
# 256 and 512 bytes for x87rep, whose 32-bit fxsave then counts an access
# of 0 or 208 bytes, its size narrowed to 8 bits; and caches of one set
# each, where the two lines of an access or fetch across a line's end
# share that set (with two sets or more they never do), so that which of
# the two is looked up first, and how the second is found, decide the
# misses.  With the small configuration's LL and the one-set one's, the
# high-address workload's lines need more than 32 bits a tag, and the LL
# leaves its narrow layout mid-run (cg_ll.c).
cache_configs="cfg-typical cfg-np2 cfg-line32 cfg-small"

cache_config_options() {
	case $1 in
	cfg-typical) echo "--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64" ;;
	cfg-np2) echo "--I1=32768,8,64 --D1=24576,6,64 --LL=3145728,12,64" ;;
	cfg-line32) echo "--I1=16384,4,32 --D1=8192,2,32 --LL=262144,1,32" ;;
	cfg-small) echo "--I1=4096,2,64 --D1=4096,1,64 --LL=65536,4,128" ;;
	cfg-odd) echo "--I1=8192,1,128 --D1=65536,16,32 --LL=196608,3,64" ;;
	cfg-wide) echo "--I1=65536,16,64 --D1=49152,12,64 --LL=6291456,24,64" ;;
	cfg-line16) echo "--I1=8192,2,16 --D1=8192,4,16 --LL=131072,8,16" ;;
	cfg-line256) echo "--I1=32768,4,256 --D1=32768,4,256 --LL=1048576,8,256" ;;
	cfg-line512) echo "--I1=32768,2,512 --D1=32768,4,512 --LL=1048576,8,512" ;;
	cfg-one-set) echo "--I1=1024,16,64 --D1=1024,16,64 --LL=4096,16,256" ;;
	*) return 1 ;;
	esac
}

# The option sets: cache simulation alone (the default), with branch
# simulation, branch simulation alone, neither (instruction counts only),
# both with the verbose log and the tool's statistics, the statistics
# with neither (which still class the instructions), both with -q, an
# output file in a folder that does not exist (no profile; the summary
# shows zeros), and two that change the IR the tool is given: unoptimised
# and without chasing, or with a self-check in every block and at most five
# instructions per block; branch simulation with a translation cache of
# two sectors of the smallest size, which fill and are recycled over and
# over (each recycled translation is discarded, its counts folded and made
# again); and branch simulation with our cache sets searched without
# vector instructions, or with AVX2 on a host whose best is AVX-512 (see
# ours_only_options).
option_set_options() {
	case $1 in
	cache) echo "" ;;
	branch) echo "--branch-sim=yes" ;;
	nocache-branch) echo "--cache-sim=no --branch-sim=yes" ;;
	nocache) echo "--cache-sim=no" ;;
	verbose) echo "--branch-sim=yes -v --stats=yes" ;;
	nocache-stats) echo "--cache-sim=no --stats=yes" ;;
	quiet) echo "--branch-sim=yes -q" ;;
	unwritable) echo "--branch-sim=yes" ;;
	ir-unoptimised) echo "--branch-sim=yes --vex-iropt-level=0 --vex-guest-chase=no" ;;
	ir-small-blocks) echo "--branch-sim=yes --smc-check=all --vex-guest-max-insns=5" ;;
	recycle) echo "--branch-sim=yes --num-transtab-sectors=2 --avg-transtab-entry-size=50" ;;
	scalar|avx2) echo "--branch-sim=yes" ;;
	*) return 1 ;;
	esac
}

# Options for our side only: the scalar set searches the cache sets
# without the vector instructions that the other sets use where the host
# has them, the avx2 set with AVX2 instead of AVX-512; the sets that give
# the tool unusual IR have VEX check every translation's IR, as it does
# not by default (cg_ir_checks.c).
ours_only_options() {
	case $1 in
	scalar) echo "--vector-search=no" ;;
	avx2) echo "--vector-search=avx2" ;;
	ir-unoptimised|ir-small-blocks) echo "--check-ir=yes" ;;
	esac
}

# Whether the host runs AVX-512 (F and DQ): there the other sets search
# with it, and the avx2 set runs the AVX2 search, which they do not.
host_has_avx512() {
	grep -q '^flags.* avx512f' /proc/cpuinfo && grep -q '^flags.* avx512dq' /proc/cpuinfo
}

# The command that runs WORKLOAD (program and arguments, one per line) and
# the file it reads on standard input.  OUT is BUILDDIR/tests/out.
workload_command() { # WORKLOAD SRCDIR OUT
	case $1 in
	sqlite) printf '%s\n' /usr/bin/sqlite3 -batch :memory: ;;
	xz) printf '%s\n' /usr/bin/xz -T1 -6 -c "$3/data/xz-input.txt" ;;
	python) printf '%s\n' /usr/bin/python3 -S -B "$2/tests/workloads/python.py" ;;
	cc1) printf '%s\n' "$(gcc -print-prog-name=cc1)" -quiet -O0 \
		"$2/tests/workloads/instructions.c" -o /dev/null ;;
	*) printf '%s\n' "$3/bin/$1" ;;
	esac
}

workload_stdin() { # WORKLOAD SRCDIR
	case $1 in
	sqlite) echo "$2/tests/workloads/sqlite.sql" ;;
	*) echo /dev/null ;;
	esac
}

# What runs valgrind for WORKLOAD.  Valgrind runs one thread at a time, but
# which thread it picks after a thread starts or a time slice ends is up to
# the host's scheduler; on one CPU under SCHED_FIFO a yield always hands
# over to the other thread, so runs of a threaded workload interleave the
# same way.  A 32-bit client's stack lies at a random place, whole pages
# away from one run to the next, which changes the misses of an LL smaller
# than the address space's randomness; without address randomisation it
# lies at the same place every run.  A 32-bit build, NAME-32, needs what
# NAME needs as well.  Other workloads need nothing.
workload_launcher() { # WORKLOAD
	launcher=
	case ${1%-32} in
	threads | rust)
		cpu=$(taskset -c -p $$ | sed 's/.*: //; s/[^0-9].*//')
		launcher="taskset -c ${cpu:-0} chrt -f 1"
		;;
	esac
	case $1 in
	x86 | *-32) launcher="${launcher:+$launcher }setarch -R" ;;
	esac
	echo "$launcher"
}

# Workloads that fork, and their 32-bit builds, write one profile per
# process (--cachegrind-out-file with %p), compared pairwise.
workload_forks() {
	[ "${1%-32}" = fork ]
}

# The folder for the profiles of OPTIONS, in the case folder DIR.
profile_folder() { # OPTIONS DIR
	case $1 in
	unwritable) echo "$2/missing" ;;
	*) echo "$2" ;;
	esac
}

# Prints the case names.  The full matrix runs every workload with every
# cache configuration, with the cache simulation alone and with the branch
# simulation; and every workload with one configuration and the two option
# sets without cache simulation; the 32-bit programs with 16-byte lines;
# the compiled workloads with the odd
# configuration and the wide one; every workload with the scalar search,
# and on a host with AVX-512, every 64-bit one with the AVX2 search;
# a few with caches of one set, by each search; and a few workloads with
# the other option sets.  It also checks that the
# reference is deterministic on the workloads most at risk (threads,
# signals, fork, their 32-bit builds, python, rust), and that the
# installed cg_annotate reads our profiles.
# QUICK=1 gives a small matrix for quick iteration.
list_cases() { # QUICK
	if [ "$1" = 1 ]; then
		for workload in $compiled_workloads $program_workloads; do
			echo "diff/$workload/cfg-typical/branch"
		done
		for config in cfg-np2 cfg-line32 cfg-small; do
			echo "diff/strings/$config/cache"
		done
		echo "diff/branches/cfg-typical/nocache-branch"
		echo "diff/branches/cfg-typical/nocache"
		echo "diff/matrix/cfg-small/verbose"
		echo "diff/matrix/cfg-small/nocache-stats"
		echo "annotate/matrix/cfg-typical/branch"
		return
	fi
	for workload in $compiled_workloads $program_workloads; do
		for config in $cache_configs; do
			echo "diff/$workload/$config/cache"
			echo "diff/$workload/$config/branch"
		done
		echo "diff/$workload/cfg-typical/nocache-branch"
		echo "diff/$workload/cfg-typical/nocache"
	done
	for workload in $workloads_32bit; do
		echo "diff/$workload/cfg-line16/cache"
		echo "diff/$workload/cfg-line16/branch"
	done
	# Lines of 256 bytes and more, where the 32-bit fxsave's access size
	# is narrowed (tests/workloads/x87rep.c).
	for workload in $workloads_32bit x87rep; do
		case $workload in x87rep*)
			echo "diff/$workload/cfg-line256/cache"
			echo "diff/$workload/cfg-line512/cache"
			;;
		esac
	done
	for workload in $compiled_workloads; do
		echo "diff/$workload/cfg-odd/branch"
		echo "diff/$workload/cfg-wide/branch"
		echo "diff/$workload/cfg-wide/scalar"
	done
	for workload in $compiled_workloads $program_workloads; do
		echo "diff/$workload/cfg-typical/scalar"
	done
	# The tool for 32-bit programs searches without vector instructions
	# and refuses --vector-search=avx2: the AVX2 set is for the others.
	if host_has_avx512; then
		for workload in $workloads_64bit $program_workloads; do
			echo "diff/$workload/cfg-typical/avx2"
		done
	fi
	for workload in $program_workloads; do
		echo "diff/$workload/cfg-wide/cache"
	done
	for config in cfg-np2 cfg-small; do
		for workload in matrix chase strings; do
			echo "diff/$workload/$config/scalar"
		done
	done
	for workload in matrix chase strings instructions high-address; do
		echo "diff/$workload/cfg-one-set/cache"
		echo "diff/$workload/cfg-one-set/scalar"
	done
	# (Left out with the other 32-bit cases, when they are.)
	case " $workloads_32bit " in
	*" strings-32 "*) echo "diff/strings-32/cfg-one-set/cache" ;;
	esac
	for workload in strings atomics signals x87rep instructions jit; do
		echo "diff/$workload/cfg-small/ir-unoptimised"
		echo "diff/$workload/cfg-small/ir-small-blocks"
	done
	for workload in matrix threads fork jit; do
		echo "diff/$workload/cfg-small/verbose"
	done
	echo "diff/matrix/cfg-typical/quiet"
	echo "diff/python/cfg-typical/verbose"
	echo "diff/matrix/cfg-small/nocache-stats"
	echo "diff/python/cfg-typical/nocache-stats"
	echo "diff/python/cfg-typical/recycle"
	echo "diff/python/cfg-small/recycle"
	echo "diff/sqlite/cfg-typical/recycle"
	echo "diff/chase/cfg-typical/unwritable"
	echo "diff/$compiler_workload/cfg-typical/branch"
	echo "diff/$compiler_workload/cfg-small/cache"
	echo "diff/$compiler_workload/cfg-small/recycle"
	# The workloads most at risk, and their 32-bit builds.
	self_checked="threads signals fork python rust"
	for workload in $self_checked $workloads_32bit; do
		case " $self_checked " in *" ${workload%-32} "*)
			echo "self/$workload/cfg-small/branch"
			;;
		esac
	done
	echo "self/python/cfg-typical/verbose"
	for workload in matrix strings branches x87rep debuginfo cplusplus rust sqlite python; do
		echo "annotate/$workload/cfg-typical/branch"
	done
	echo "annotate/matrix/cfg-small/cache"
	echo "annotate/matrix/cfg-typical/nocache-branch"
	echo "annotate/matrix/cfg-typical/nocache"
}

# The system's valgrind launcher and tool folder (system_valgrind,
# system_libexec).
# shellcheck disable=SC1091 # $here is set by the sourcing script
. "$here/../../tools/system-valgrind.sh"
