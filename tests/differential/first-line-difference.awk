# Prints where two text files first differ, as
#   line N: ours 'TEXT', refs 'TEXT'
# or nothing when they are the same.  Used on normalised stderr logs.
#
# usage: awk -f first-line-difference.awk OURS REFS
# SPDX-License-Identifier: GPL-2.0-or-later

function clip(text) {
	return length(text) > 150 ? substr(text, 1, 150) "..." : text
}

function shown(side, i) {
	return i <= line_count[side] ? "'" clip(text[side, i]) "'" : "(end of file)"
}

FNR == 1 { side = (FILENAME == ARGV[1]) ? "ours" : "refs" }
{ line_count[side] = FNR; text[side, FNR] = $0 }

END {
	for (i = 1; i <= line_count["ours"] || i <= line_count["refs"]; i++)
		if (i > line_count["ours"] || i > line_count["refs"] ||
		    text["ours", i] != text["refs", i]) {
			print "line " i ": ours " shown("ours", i) ", refs " shown("refs", i)
			exit
		}
}
