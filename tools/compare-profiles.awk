# Compares two Cachegrind profiles, ours and the reference's, and prints
# one line saying where they first differ, or nothing when they hold the
# same headers, counts and summary in the same layout.
#
# The first difference is reported in the reference's order of
# (file, function, line), with the first event whose count differs, for
# example
#   fl=/x/matrix.c fn=main line 12: D1mr ours 1024, refs 1025
#   (3 of 1200 lines differ; summary differs in D1mr DLmr)
# A profile that is not in the format (header, fl=/fn= lines, count lines,
# summary) is reported at its first bad line.
#
# usage: awk -f compare-profiles.awk OURS REFS
# SPDX-License-Identifier: GPL-2.0-or-later

function clip(text) {
	return length(text) > 150 ? substr(text, 1, 150) "..." : text
}

function describe(key, parts) {
	split(key, parts, SUBSEP)
	return "fl=" parts[1] " fn=" parts[2] " line " parts[3]
}

# Names the first event whose count differs between two count strings.
function first_event_difference(ours, refs, ours_counts, refs_counts, n, m, i) {
	n = split(ours, ours_counts, " ")
	m = split(refs, refs_counts, " ")
	for (i = 1; i <= n && i <= m; i++)
		if (ours_counts[i] != refs_counts[i])
			return event_name[i] " ours " ours_counts[i] ", refs " refs_counts[i]
	return "ours has " n " counts, refs " m
}

function note_bad_line(why) {
	if (!(side in bad_line))
		bad_line[side] = side " line " FNR " " why ": '" clip($0) "'"
}

FNR == 1 {
	side = (FILENAME == ARGV[1]) ? "ours" : "refs"
}

{
	raw_count[side] = FNR
	raw[side, FNR] = $0
}

/^(desc|cmd|events): / {
	if (side in in_body)
		note_bad_line("is a header line after the counts")
	header[side, ++header_count[side]] = $0
	if ($1 == "events:")
		events[side] = $0
	next
}

/^fl=/ { in_body[side] = 1; current_file[side] = substr($0, 4); next }
/^fn=/ { in_body[side] = 1; current_fn[side] = substr($0, 4); next }

/^summary: / {
	if (side in summary)
		note_bad_line("is a second summary")
	summary[side] = substr($0, 10)
	next
}

/^-?[0-9]+( [0-9]+)+$/ {
	in_body[side] = 1
	key = current_file[side] SUBSEP current_fn[side] SUBSEP $1
	if ((side, key) in cost)
		note_bad_line("repeats " describe(key))
	cost[side, key] = substr($0, length($1) + 2)
	key_order[side, ++key_count[side]] = key
	next
}

{ note_bad_line("is not profile syntax") }

END {
	if ("refs" in bad_line) { print bad_line["refs"]; exit }
	if ("ours" in bad_line) { print bad_line["ours"]; exit }
	if (raw_count["ours"] == 0) { print "ours is empty"; exit }
	if (!("ours" in summary)) { print "ours has no summary line"; exit }
	for (i = 1; i <= header_count["ours"] || i <= header_count["refs"]; i++)
		if (header["ours", i] != header["refs", i]) {
			print "header line " i ": ours '" clip(header["ours", i]) "', refs '" \
			      clip(header["refs", i]) "'"
			exit
		}
	event_count = split(substr(events["refs"], 9), event_name, " ")

	differing = 0
	first = ""
	for (i = 1; i <= key_count["refs"]; i++) {
		key = key_order["refs", i]
		if (!(("ours", key) in cost)) {
			differing++
			if (first == "")
				first = describe(key) ": only in refs (counts " cost["refs", key] ")"
		} else if (cost["ours", key] != cost["refs", key]) {
			differing++
			if (first == "")
				first = describe(key) ": " \
					first_event_difference(cost["ours", key], cost["refs", key])
		}
	}
	only_ours = 0
	for (i = 1; i <= key_count["ours"]; i++) {
		key = key_order["ours", i]
		if (!(("refs", key) in cost)) {
			only_ours++
			if (first == "")
				first = describe(key) ": only in ours (counts " cost["ours", key] ")"
		}
	}

	split(summary["ours"], ours_total, " ")
	split(summary["refs"], refs_total, " ")
	summary_events = ""
	for (j = 1; j <= event_count; j++)
		if (ours_total[j] != refs_total[j])
			summary_events = summary_events " " event_name[j]

	if (first != "") {
		details = differing + only_ours " of " key_count["refs"] " lines differ"
		if (only_ours > 0)
			details = details ", " only_ours " only in ours"
		if (summary_events != "")
			details = details "; summary differs in" summary_events
		print clip(first) " (" details ")"
		exit
	}
	if (summary["ours"] != summary["refs"]) {
		print "summary: " first_event_difference(summary["ours"], summary["refs"]) \
		      " (all lines agree)"
		exit
	}
	for (i = 1; i <= raw_count["ours"] || i <= raw_count["refs"]; i++)
		if (raw["ours", i] != raw["refs", i]) {
			print "same counts, but file line " i " differs: ours '" clip(raw["ours", i]) \
			      "', refs '" clip(raw["refs", i]) "'"
			exit
		}
}
