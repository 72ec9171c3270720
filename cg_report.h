/* cg_report.h: what cg_annotate's report sections share: the choices the
 * user made, and the layout of rows of count cells (widths, commified
 * counts, percentages, headings).
 *
 * Layout rules, as users of the established report know them: a cell is
 * padding up to the width of its event's name, the count right-aligned,
 * then one or two percentages right-aligned, then a space; a row is its
 * cells, a space and its label.  Each section sizes its columns from the
 * smallest and the largest count it shows (both starting from 0), so only
 * those two are measured.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_REPORT_H
#define CG_REPORT_H

#include <stdio.h>

#include "cg_profile.h"

/* The report's text, kept in memory (see report_open()). */
typedef struct report_text {
   char* text;
   size_t length, capacity;
   size_t delivered;          /* how much of it is on standard output */
   int lost;                  /* some text could not be held (no memory) */
} report_text;

typedef struct report {
   FILE* out;                 /* writes to *held */
   report_text* held;
   const cg_profile* profile; /* everything but the per-line counts */
   size_t column_count;       /* shown events, as indexes into the */
   size_t* columns;           /* profile's events */
   size_t sort_count;         /* sort events; the first is primary */
   size_t* sort_events;
   double* sort_thresholds;   /* percent per sort event, < 0 for none */
   int own_thresholds;        /* some were given as A:N */
   double threshold;          /* --threshold's percent */
   int show_percs;
   int annotate;
   long context;
   char** data_paths;
   size_t data_count;
   char** include_dirs;       /* searched for relative source names */
   size_t include_count;
   char** user_sources;       /* source files named on the command line */
   size_t user_source_count;
} report;

/* How a cell shows its percentages. */
enum percent_style {
   PERCENT_PLAIN, /* " (x.y%)", nothing for a zero count */
   PERCENT_OUTER, /* " (x.y%," then a cumulative " z.w%)", always */
   PERCENT_INNER, /* an inner row of an OUTER section: " (x.y%)" */
};

/* Smallest and largest count per column, and of the cumulative totals. */
typedef struct column_extent {
   cg_count low, high, cumulative_low, cumulative_high;
} column_extent;

typedef struct column_width {
   size_t count, percent, cumulative;
} column_width;

column_extent* extents_new(const report* r);
void extents_add(const report* r, column_extent* extents,
                 const cg_count* counts);
void extents_add_cumulative(const report* r, column_extent* extents,
                            const cg_count* cumulative);
column_width* widths_from(const report* r, const column_extent* extents,
                          enum percent_style style);

/* Starts the report in memory: it reaches standard output only through
 * report_deliver(), so that an error found halfway (a sum that overflows,
 * a profile that changed before its second reading) leaves no half report
 * behind, only the error. */
void report_open(report* r, report_text* held);
/* Writes what the report has gained since the last call to standard
 * output; a failure to write it, or to have held all of it (out of
 * memory), is fatal. */
void report_deliver(const report* r);
/* Frees the report's memory. */
void report_close(report* r);

/* The report's totals (of a file, a function, a line over its functions,
 * a running total, a row of the annotation summary) are cg_sums, taken
 * exactly, as the established tool's integers are: a part may leave 64
 * bits where the whole does not. */

/* SHOWN = SUM, every event, for the report to show.  A total beyond 64
 * bits of an event shown or sorted by is refused with an error naming the
 * profile and WHAT (a printf format), as the reader refuses one; never
 * wrapped.  The totals of the other events are narrowed unchecked (they
 * may wrap): nothing reads them. */
void report_narrow(const report* r, cg_count* shown, const cg_sum* sum,
                   const char* what, ...)
   __attribute__((format(printf, 4, 5)));

void print_heading(const report* r, const char* title);
void print_header_row(const report* r, const column_width* widths,
                      const char* prefix, const char* suffix);
/* PREFIX and the cells of COUNTS (all events); CUMULATIVE is used by the
 * outer style only. */
void print_cells(const report* r, const column_width* widths,
                 enum percent_style style, const char* prefix,
                 const cg_count* counts, const cg_count* cumulative);
/* The same, then SEPARATOR, LABEL and a newline. */
void print_count_row(const report* r, const column_width* widths,
                     enum percent_style style, const char* prefix,
                     const cg_count* counts, const cg_count* cumulative,
                     const char* separator, const char* label);
/* The cells of a source line without counts: ".". */
void print_missing_cells(const report* r, const column_width* widths);

/* The comparison that orders rows: larger absolute counts of the sort
 * events first. */
int compare_by_sort_events(const report* r, const cg_count* a,
                           const cg_count* b);

/* Whether COUNTS reach the threshold(s) of the sort events. */
int passes_threshold(const report* r, const cg_count* counts);

#endif
