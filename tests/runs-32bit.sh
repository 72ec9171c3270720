# Sourced by the suites that run 32-bit programs.  A 64-bit kernel may be
# built or booted without its 32-bit entry point (ia32_emulation), and
# then no 32-bit program starts at all, under Valgrind or not: execve
# fails with "Exec format error".  On such a machine the 32-bit checks are
# left out, and the suites say so, as they do for a build without the x86
# tool.
#
# no_32bit_runs SRCDIR SCRATCH: prints why 32-bit programs cannot be run
# here, or nothing when a 32-bit program that does nothing runs and exits
# with 0.  When that program does not compile, it prints nothing either:
# the checks then go on and report the compiler's failure as theirs.
no_32bit_runs() {
	gcc -m32 -O1 -o "$2/true32" "$1/tests/tool/true32.c" 2>/dev/null || return 0
	"$2/true32" 2>/dev/null && return 0
	echo "this machine does not run 32-bit programs (one that does nothing ends with status $?)"
}
