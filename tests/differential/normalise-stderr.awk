# Normalises a Valgrind stderr log so that two runs can be compared: the
# process ids in the "==PID==" and "--PID--" prefixes become PID1, PID2, ...
# in order of first appearance (a forked child gets its own), and the
# banner's copyright line, which names each tool's own authors, is dropped.
#
# usage: awk -f normalise-stderr.awk LOG
# SPDX-License-Identifier: GPL-2.0-or-later

match($0, /^(==|--)[0-9]+(==|--)/) {
	marker = substr($0, 1, 2)
	pid = substr($0, 3, RLENGTH - 4)
	if (!(pid in label))
		label[pid] = "PID" ++pid_count
	rest = substr($0, RLENGTH + 1)
	if (marker == "==" && rest ~ /^ Copyright /)
		next
	print marker label[pid] marker rest
	next
}
{ print }
