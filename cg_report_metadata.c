/* cg_report_metadata.c: the report's Metadata section: how cg_annotate
 * was invoked, the profiles' descriptions and commands, the events
 * recorded, shown and sorted by, the thresholds (as Python prints a float)
 * and whether sources are annotated.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_report_sections.h"

/* Formats VALUE as Python's repr() does: the shortest digits that read
 * back as the same double, in fixed notation unless the exponent is below
 * -4 or above 15. */
static void format_python_float(char* out, size_t size, double value)
{
   char scientific[40], digits[24];
   int precision;
   if (signbit(value)) { /* -0.0 too */
      out[0] = '-';
      format_python_float(out + 1, size - 1, -value);
      return;
   }
   for (precision = 1; precision <= 17; precision++) {
      snprintf(scientific, sizeof scientific, "%.*e", precision - 1, value);
      if (strtod(scientific, NULL) == value)
         break;
   }
   size_t n = 0;
   for (const char* p = scientific; *p != 'e'; p++)
      if (isdigit((unsigned char)*p))
         digits[n++] = *p;
   while (n > 1 && digits[n - 1] == '0')
      n--;
   digits[n] = '\0';
   int exponent = atoi(strchr(scientific, 'e') + 1);
   if (exponent < -4 || exponent > 15) {
      snprintf(out, size, "%c%s%se%c%02d", digits[0], n > 1 ? "." : "",
               digits + 1, exponent < 0 ? '-' : '+', abs(exponent));
      return;
   }
   /* Fixed notation: the digits placed around the point, padded with
    * zeros, with at least one digit on each side. */
   size_t length = 0;
   int high = exponent > 0 ? exponent : 0;
   int low = -((int)n - 1 - exponent > 1 ? (int)n - 1 - exponent : 1);
   for (int place = high; place >= low && length + 2 < size; place--) {
      int index = exponent - place; /* digits[0] is at place EXPONENT */
      if (place == -1)
         out[length++] = '.';
      out[length++] = index >= 0 && index < (int)n ? digits[index] : '0';
   }
   out[length] = '\0';
}

static void print_label(FILE* out, const char* label, const char* value)
{
   fprintf(out, "%-17s %s\n", label, value);
}

/* "Threshold: 0.1%", the primary event's; where some A:N was given and
 * there are several sort events, "Thresholds:" and each, in the sort
 * order. */
static void print_thresholds(const report* r)
{
   size_t shown = r->own_thresholds ? r->sort_count : 1;
   char* list = cg_xmalloc(shown * 48);
   size_t at = 0;
   for (size_t s = 0; s < shown; s++) {
      if (s > 0)
         list[at++] = ' ';
      format_python_float(list + at, 46, r->sort_thresholds[s]);
      at += strlen(list + at);
      list[at++] = '%';
   }
   list[at] = '\0';
   print_label(r->out, shown > 1 ? "Thresholds:" : "Threshold:", list);
   free(list);
}

/* "Command N:" and the value eight spaces after it: aligned with the other
 * labels' values for N of one digit, one column further for each more. */
static void print_command_label(FILE* out, size_t number, const char* value)
{
   fprintf(out, "Command %zu:        %s\n", number, value);
}

static int same_descriptions(const cg_input* a, const cg_input* b)
{
   if (a->description_count != b->description_count)
      return 0;
   for (size_t d = 0; d < a->description_count; d++)
      if (strcmp(a->descriptions[d], b->descriptions[d]) != 0)
         return 0;
   return 1;
}

static void print_descriptions(const report* r)
{
   const cg_profile* profile = r->profile;
   int all_same = 1;
   for (size_t i = 1; i < profile->input_count; i++)
      all_same &= same_descriptions(&profile->inputs[0], &profile->inputs[i]);
   for (size_t i = 0; i < profile->input_count; i++) {
      if (all_same && i > 0)
         break;
      if (!all_same)
         fprintf(r->out, "Description %zu:\n", i + 1);
      for (size_t d = 0; d < profile->inputs[i].description_count; d++)
         fprintf(r->out, "%s\n", profile->inputs[i].descriptions[d]);
   }
}

static void print_event_names(const report* r, const char* label,
                              const size_t* events, size_t count)
{
   fprintf(r->out, "%-17s", label);
   for (size_t i = 0; i < count; i++)
      fprintf(r->out, " %s", r->profile->event_names[events[i]]);
   putc('\n', r->out);
}

void print_metadata_section(const report* r, int argc, char** argv)
{
   const cg_profile* profile = r->profile;
   print_heading(r, "Metadata");
   fprintf(r->out, "%-17s", "Invocation:");
   for (int i = 0; i < argc; i++)
      fprintf(r->out, " %s", argv[i]);
   putc('\n', r->out);
   print_descriptions(r);
   for (size_t i = 0; i < profile->input_count; i++) {
      char same[64];
      const char* command = profile->inputs[i].command;
      if (profile->input_count == 1) {
         print_label(r->out, "Command:", command);
         continue;
      }
      if (i > 0 && strcmp(command, profile->inputs[i - 1].command) == 0) {
         snprintf(same, sizeof same, "(same as Command %zu)", i);
         command = same;
      }
      print_command_label(r->out, i + 1, command);
   }
   size_t* all = cg_xcalloc(profile->event_count, sizeof(size_t));
   for (size_t e = 0; e < profile->event_count; e++)
      all[e] = e;
   print_event_names(r, "Events recorded:", all, profile->event_count);
   print_event_names(r, "Events shown:", r->columns, r->column_count);
   print_event_names(r, "Event sort order:", r->sort_events, r->sort_count);
   free(all);
   print_thresholds(r);
   print_label(r->out, "Annotation:",
               r->annotate                ? "on"
               : r->user_source_count > 0 ? "named source files only"
                                          : "off");
   putc('\n', r->out);
}
