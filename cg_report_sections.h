/* cg_report_sections.h: the sections of cg_annotate's report, in the
 * order they are printed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_REPORT_SECTIONS_H
#define CG_REPORT_SECTIONS_H

#include <stdint.h>

#include "cg_report.h"

/* "-- Metadata": the invocation (ARGC words of ARGV), the profiles'
 * descriptions and commands, the events and thresholds, and whether
 * sources are annotated. */
void print_metadata_section(const report* r, int argc, char** argv);

/* "-- Summary": the profile's totals. */
void print_summary_section(const report* r);

/* "-- File:function summary" and "-- Function:file summary".  Returns a
 * flag per name id of r->profile: 1 for the files shown. */
uint8_t* print_function_sections(const report* r);

/* A file to annotate: its (renamed) name, and the source named on the
 * command line to read where no file of that name (nor any of its
 * original names) can be found, or NULL. */
typedef struct planned_file {
   char* name;
   char* stand_in;
} planned_file;

/* The files to annotate, and what is not annotated. */
typedef struct annotation_plan {
   planned_file* files;     /* in byte order of their names */
   size_t file_count;
   cg_sum* below_threshold; /* totals of the files not annotated */
   cg_sum* files_unknown;   /* the total of the file "???" */
} annotation_plan;

/* "-- Annotated source file: ..." for each planned file, reading its
 * per-line counts from LINES, then "-- Annotation summary".  Returns 1 if
 * the summary's rows add up to the profile's totals; otherwise prints why
 * on stderr and returns 0. */
int print_source_sections(const report* r, const annotation_plan* plan,
                          const cg_profile* lines);

/* Where the source NAME is read from: NAME itself, or else NAME under
 * the first -I folder that has it (an absolute NAME too, as if relative),
 * if a regular file the user may read is there; else NULL.  To be freed. */
char* locate_source(const report* r, const char* name);

#endif
