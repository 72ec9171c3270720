# Normalises a Valgrind stderr log so that two runs, one with our tool and
# one with the reference, can be compared:
#  - the process ids in the "==PID==" and "--PID--" prefixes become PID1,
#    PID2, ... in order of first appearance (a forked child gets its own),
#    and so do the pids in vgdb's pipe names and command lines;
#  - the two sides' file names (vgl-ours/vgl-refs, ours.cg.out/refs.cg.out)
#    become vgl-SIDE and SIDE.cg.out;
#  - the banner's copyright line, which names each tool's own authors, is
#    dropped;
#  - with -v, the core's lines about the tool binary itself (where its
#    symbols come from, and its separate debug file when one is installed,
#    as Debian's valgrind-dbg does for the reference) and about memory and translation sizes (ours
#    instruments with other helper calls, so its code is not the same
#    size) are dropped, and so are the translation table's lookup counts
#    and the scheduler's fast-cache misses: when the code of one tool
#    fills a sector of the translation cache and the other's does not,
#    the fast cache is flushed once more and those numbers move;
#  - two lines only our tool prints, on purpose, are dropped: under -v the
#    line saying where the cache configuration came from, and after "can't
#    open cache simulation output file" the line giving the reason.
#  Every other line, the tool's own among them, stays.
#
# usage: awk -f normalise-stderr.awk LOG
# SPDX-License-Identifier: GPL-2.0-or-later

function core_size_line(text) {
	return text ~ /bytes have already been mmap-ed/ ||
	       text ~ /^ *[a-z-]+ *: +[0-9,]+\/ +[0-9,]+ max\/curr mmap'd/ ||
	       text ~ /^ *transtab: / ||
	       text ~ /^ *tt\/tc: / ||
	       text ~ /^ *scheduler: ([0-9,]+ indir transfers|\.\. of which|[0-9,]+\/[0-9,]+ major\/minor)/
}

match($0, /^(==|--)[0-9]+(==|--)/) {
	marker = substr($0, 1, 2)
	pid = substr($0, 3, RLENGTH - 4)
	if (!(pid in label))
		label[pid] = "PID" ++pid_count
	rest = substr($0, RLENGTH + 1)
	if (marker == "==" && rest ~ /^ Copyright /)
		next
	if (in_tool_symbols && rest ~ /^   /)
		next
	in_tool_symbols = rest ~ /^ Reading syms from .*\/cachegrind-[a-z0-9]+-[a-z]+$/
	if (in_tool_symbols || core_size_line(substr(rest, 2)))
		next
	if (rest ~ /^ Cache configuration (detected from|not detected)/)
		next
	after_unwritable = previous_rest ~ /^        \.\.\. so simulation results will be missing\.$/
	previous_rest = rest
	if (after_unwritable && rest ~ /^        \(.*\)$/)
		next
	gsub(/vgl-(ours|refs)/, "vgl-SIDE", rest)
	gsub(/\/(ours|refs)\.cg\.out/, "/SIDE.cg.out", rest)
	gsub(/--pid=[0-9]+/, "--pid=PID", rest)
	gsub(/-[0-9]+-by-/, "-PID-by-", rest)
	print marker label[pid] marker rest
	next
}
{ print }
