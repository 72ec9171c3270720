# costs.awk: an independent reading of cachegrind.out files, for the
# profiles suite to check cg_merge and cg_diff against.  It knows only the
# plain form Cachegrind writes (desc:, cmd:, events:, fl=, fn=, count
# lines, summary:), adds every file it is given, and prints one line per
# key, sorted by the caller:
#
#   FILE<TAB>FUNCTION<TAB>LINE<TAB>C1 C2 ... CN     (by=line, the default)
#   FILE<TAB>FUNCTION<TAB>C1 C2 ... CN              (by=function)
#
# then "summary:<TAB>S1 ... SN", the sum of the summary lines.  Options
# (awk -v): by=function; negate_first=1 subtracts the first file instead
# of adding it (what cg_diff computes); skip_zero=1 leaves out keys whose
# counts are all zero.  A fl= line sets the function to "???" until the
# next fn=, as cg_merge and cg_diff do.  Counts are summed as awk numbers,
# exact below 2^53, which real profiles stay far below.
#
# usage: awk -f costs.awk [-v by=function] [-v negate_first=1] FILE... | sort
BEGIN { events = 0; file_index = 0 }
FNR == 1 { file_index++; sign = (negate_first && file_index == 1) ? -1 : 1 }
/^events:/ {
	if (events == 0 || events > NF - 1)
		events = NF - 1
	next
}
/^fl=/ { file = substr($0, 4); function_name = "???"; next }
/^fn=/ { function_name = substr($0, 4); next }
/^summary:/ {
	for (e = 1; e <= NF - 1; e++)
		summary[e] += sign * $(e + 1)
	next
}
/^[0-9]/ {
	if (by == "function")
		key = file "\t" function_name
	else
		key = file "\t" function_name "\t" $1
	seen[key] = 1
	for (e = 1; e <= NF - 1; e++)
		cost[key, e] += sign * $(e + 1)
	next
}
END {
	for (key in seen) {
		text = ""
		zero = 1
		for (e = 1; e <= events; e++) {
			value = cost[key, e] + 0
			if (value != 0)
				zero = 0
			text = text (e > 1 ? " " : "") sprintf("%.0f", value)
		}
		if (!(skip_zero && zero))
			print key "\t" text
	}
	text = ""
	for (e = 1; e <= events; e++)
		text = text (e > 1 ? " " : "") sprintf("%.0f", summary[e] + 0)
	print "summary:\t" text
}
