/* cg_output.h: writing profiles.  An output file is written under a
 * temporary name in its folder and renamed over the target only when every
 * byte is out, so a failure never leaves a half-written profile; where a
 * rename would be wrong or cannot be made (a symbolic link, a file with
 * other hard links, a file whose owner the new file cannot be given, see
 * cg_output_open()), it is written in place, and emptied if writing
 * fails.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_OUTPUT_H
#define CG_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#include "cg_profile.h"

typedef struct cg_output {
   FILE* stream;
   char* path;      /* the target, NULL for stdout */
   char* temp_path; /* what is being written, NULL when writing in place */
   int empty_on_failure; /* a regular file written in place */
} cg_output;

/* Opens PATH (stdout if NULL) for writing; a failure is fatal. */
void cg_output_open(cg_output* output, const char* path);

/* Flushes, closes and renames into place; a failure is fatal and removes
 * the temporary file (or empties a file written in place). */
void cg_output_close(cg_output* output);

/* Writes "KEY=NAME\n" (KEY fl or fn); a NAME that would read as a
 * compressed name's number, "(N)" or "(N) ...", is written as the
 * definition "(1) NAME", so that it reads back as itself. */
void cg_write_name_line(FILE* stream, const char* key, const char* name);

/* Writes "LINE C1 C2 ...\n". */
void cg_write_count_line(FILE* stream, uint64_t line, const cg_count* counts,
                         size_t count);

/* Writes "events: A B ...\n" and "summary: ...\n" lines. */
void cg_write_events_line(FILE* stream, const cg_profile* profile);
void cg_write_summary_line(FILE* stream, const cg_profile* profile);

#endif
