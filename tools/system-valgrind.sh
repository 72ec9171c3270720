# tools/system-valgrind.sh: where the system's Valgrind is, for the tests
# and the benchmarks that run it beside this tool.  Sourced.
#
# Not the first "valgrind" on PATH: once this tool is installed, that may
# be its own wrapper, which runs this tool for --tool=cachegrind, and a
# comparison with the installed Cachegrind would compare the tool with
# itself.  configure found the system's launcher and tool folder (under
# Valgrind's own prefix first) and wrote them into BUILDDIR/Makefile.
# SPDX-License-Identifier: GPL-2.0-or-later

makefile_variable() { # BUILDDIR NAME
	sed -n "s/^$2 = //p" "$1/Makefile" 2>/dev/null | head -n 1
}

system_valgrind() { # BUILDDIR
	found=$(makefile_variable "$1" VALGRIND)
	echo "${found:-/usr/bin/valgrind}"
}

system_libexec() { # BUILDDIR
	found=$(makefile_variable "$1" VALGRIND_LIBEXEC)
	echo "${found:-/usr/libexec/valgrind}"
}
