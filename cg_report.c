/* cg_report.c: rows of count cells for cg_annotate's report (see
 * cg_report.h for the layout rules).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
/* For fopencookie(), the stream the report is held through. */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_cli.h"
#include "cg_report.h"

enum { CELL_TEXT = 48 };

static uint64_t magnitude(cg_count value)
{
   return value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
}

/* "-1,234,567" */
static void format_commified(char* out, cg_count value)
{
   char digits[24];
   int length = snprintf(digits, sizeof digits, "%llu",
                         (unsigned long long)magnitude(value));
   if (value < 0)
      *out++ = '-';
   for (int i = 0; i < length; i++) {
      *out++ = digits[i];
      if ((length - i - 1) % 3 == 0 && i != length - 1)
         *out++ = ',';
   }
   *out = '\0';
}

static int bit_length(unsigned __int128 value)
{
   int bits = 0;
   for (; value != 0; value >>= 1)
      bits++;
   return bits;
}

/* 100 * COUNT / TOTAL (TOTAL not 0) correctly rounded, as Python divides
 * its integers: the exact quotient rounded once to the nearest double.
 * Where both values fit a double's mantissa, the division of the two
 * doubles is that.  Beyond, the quotient is taken in integers, shifted to
 * between 2^54 and 2^56 with a sticky bit for any remainder, so that its
 * one conversion to a double rounds as the exact quotient would. */
static double percent_of(cg_count count, cg_count total)
{
   __int128 numerator = (__int128)count * 100;
   int negative = (numerator < 0) != (total < 0);
   unsigned __int128 a = numerator < 0 ? -(unsigned __int128)numerator
                                       : (unsigned __int128)numerator;
   unsigned __int128 b = total < 0 ? -(unsigned __int128)total
                                   : (unsigned __int128)total;
   const unsigned __int128 mantissa = (unsigned __int128)1 << 53;
   double magnitude_of_quotient;
   if (a < mantissa && b < mantissa) {
      magnitude_of_quotient = (double)a / (double)b;
   } else {
      /* a < 2^70 and b < 2^64: the shifted values stay below 2^120. */
      int shift = 55 - (bit_length(a) - bit_length(b));
      if (shift > 0)
         a <<= shift;
      else
         b <<= -shift;
      unsigned __int128 quotient = a / b;
      if (a % b != 0)
         quotient |= 1;
      magnitude_of_quotient = ldexp((double)quotient, -shift);
   }
   return negative ? -magnitude_of_quotient : magnitude_of_quotient;
}

/* The percentage part(s) of a cell. */
static void format_percent(const report* r, enum percent_style style,
                           cg_count count, cg_count total, char* out)
{
   out[0] = '\0';
   if (!r->show_percs || (style != PERCENT_OUTER && count == 0))
      return;
   const char* close = style == PERCENT_OUTER ? "," : ")";
   if (total == 0)
      snprintf(out, CELL_TEXT, " (n/a%s", close);
   else
      snprintf(out, CELL_TEXT, " (%.1f%%%s", percent_of(count, total), close);
}

static void format_cumulative(const report* r, cg_count cumulative,
                              cg_count total, char* out)
{
   out[0] = '\0';
   if (!r->show_percs)
      return;
   if (total == 0)
      snprintf(out, CELL_TEXT, " n/a)");
   else
      snprintf(out, CELL_TEXT, " %.1f%%)", percent_of(cumulative, total));
}

/* The report stream's writes: appended to the held text.  A write that
 * cannot be held is refused, which marks the stream as failed, and
 * remembered (open_memstream() instead drops what it cannot hold, and
 * leaves the stream's error unset). */
static ssize_t hold_text(void* cookie, const char* text, size_t size)
{
   report_text* held = cookie;
   if (size > held->capacity - held->length) {
      size_t capacity = held->capacity ? held->capacity : 65536;
      while (capacity - held->length < size) {
         if (capacity > SIZE_MAX / 2) {
            held->lost = 1;
            return -1;
         }
         capacity *= 2;
      }
      char* grown = realloc(held->text, capacity);
      if (grown == NULL) {
         held->lost = 1;
         return -1;
      }
      held->text = grown;
      held->capacity = capacity;
   }
   memcpy(held->text + held->length, text, size);
   held->length += size;
   return (ssize_t)size;
}

void report_open(report* r, report_text* held)
{
   *held = (report_text){NULL, 0, 0, 0, 0};
   r->held = held;
   r->out = fopencookie(held, "w", (cookie_io_functions_t){
                                      .write = hold_text});
   if (r->out == NULL)
      cg_fatal("cannot hold the report in memory: %s", strerror(errno));
}

void report_deliver(const report* r)
{
   report_text* held = r->held;
   if (fflush(r->out) != 0 || held->lost)
      cg_fatal("out of memory");
   size_t length = held->length - held->delivered;
   if (fwrite(held->text + held->delivered, 1, length, stdout) != length ||
       fflush(stdout) != 0)
      cg_fatal("cannot write the report: %s", strerror(errno));
   held->delivered = held->length;
}

void report_close(report* r)
{
   fclose(r->out);
   free(r->held->text);
}

/* Refuses SUM, the total WHAT describes (a printf format and its ARGS),
 * if it does not fit in 64 bits. */
static void check_fits(const report* r, cg_sum sum, const char* what,
                       va_list args)
{
   if (sum >= INT64_MIN && sum <= INT64_MAX)
      return;
   char* total = cg_xvprintf(what, args);
   cg_fatal("%s: counts overflow 64 bits when summed: %s",
            r->data_count == 1 ? r->data_paths[0] : "the profiles", total);
}

void report_narrow(const report* r, cg_count* shown, const cg_sum* sum,
                   const char* what, ...)
{
   va_list args;
   for (size_t c = 0; c < r->column_count; c++) {
      va_start(args, what);
      check_fits(r, sum[r->columns[c]], what, args);
      va_end(args);
   }
   for (size_t s = 0; s < r->sort_count; s++) {
      va_start(args, what);
      check_fits(r, sum[r->sort_events[s]], what, args);
      va_end(args);
   }
   /* The events neither shown nor sorted by are used for nothing. */
   for (size_t e = 0; e < r->profile->event_count; e++)
      shown[e] = (cg_count)sum[e];
}

column_extent* extents_new(const report* r)
{
   return cg_xcalloc(r->column_count, sizeof(column_extent));
}

void extents_add(const report* r, column_extent* extents,
                 const cg_count* counts)
{
   for (size_t c = 0; c < r->column_count; c++) {
      cg_count value = counts[r->columns[c]];
      if (value < extents[c].low)
         extents[c].low = value;
      if (value > extents[c].high)
         extents[c].high = value;
   }
}

void extents_add_cumulative(const report* r, column_extent* extents,
                            const cg_count* cumulative)
{
   for (size_t c = 0; c < r->column_count; c++) {
      cg_count value = cumulative[r->columns[c]];
      if (value < extents[c].cumulative_low)
         extents[c].cumulative_low = value;
      if (value > extents[c].cumulative_high)
         extents[c].cumulative_high = value;
   }
}

static size_t longer(size_t a, size_t b) { return a > b ? a : b; }

column_width* widths_from(const report* r, const column_extent* extents,
                          enum percent_style style)
{
   column_width* widths = cg_xcalloc(r->column_count, sizeof(column_width));
   char low[CELL_TEXT], high[CELL_TEXT];
   for (size_t c = 0; c < r->column_count; c++) {
      cg_count total = r->profile->summary[r->columns[c]];
      const column_extent* e = &extents[c];
      format_commified(low, e->low);
      format_commified(high, e->high);
      widths[c].count = longer(strlen(low), strlen(high));
      format_percent(r, style, e->low, total, low);
      format_percent(r, style, e->high, total, high);
      widths[c].percent = longer(strlen(low), strlen(high));
      if (style == PERCENT_OUTER) {
         format_cumulative(r, e->cumulative_low, total, low);
         format_cumulative(r, e->cumulative_high, total, high);
         widths[c].cumulative = longer(strlen(low), strlen(high));
      }
   }
   return widths;
}

void print_heading(const report* r, const char* title)
{
   static const char rule[] = "----------------------------------------"
                              "----------------------------------------";
   fprintf(r->out, "%s\n-- %s\n%s\n", rule, title, rule);
}

static size_t cell_width(const column_width* width)
{
   return width->count + width->percent + width->cumulative;
}

static const char* event_name(const report* r, size_t column)
{
   return r->profile->event_names[r->columns[column]];
}

/* How many characters NAME is wide, as the established report counts them:
 * the characters of its UTF-8 text, each byte that does not continue one
 * counting one. */
static size_t name_width(const char* name)
{
   size_t width = 0;
   for (; *name != '\0'; name++)
      width += ((unsigned char)*name & 0xC0) != 0x80;
   return width;
}

void print_header_row(const report* r, const column_width* widths,
                      const char* prefix, const char* suffix)
{
   fputs(prefix, r->out);
   for (size_t c = 0; c < r->column_count; c++) {
      const char* name = event_name(r, c);
      fputs(name, r->out);
      for (size_t i = name_width(name); i < cell_width(&widths[c]); i++)
         putc('_', r->out);
      putc(' ', r->out);
   }
   fprintf(r->out, "%s\n", suffix);
}

/* Spaces that widen a cell to its event name's length. */
static void print_cell_padding(const report* r, const column_width* widths,
                               size_t column)
{
   size_t name = name_width(event_name(r, column));
   for (size_t i = cell_width(&widths[column]); i < name; i++)
      putc(' ', r->out);
}

void print_cells(const report* r, const column_width* widths,
                 enum percent_style style, const char* prefix,
                 const cg_count* counts, const cg_count* cumulative)
{
   char count_text[CELL_TEXT], percent[CELL_TEXT], running[CELL_TEXT];
   fputs(prefix, r->out);
   for (size_t c = 0; c < r->column_count; c++) {
      size_t event = r->columns[c];
      cg_count total = r->profile->summary[event];
      format_commified(count_text, counts[event]);
      format_percent(r, style, counts[event], total, percent);
      running[0] = '\0';
      if (style == PERCENT_OUTER)
         format_cumulative(r, cumulative[event], total, running);
      print_cell_padding(r, widths, c);
      fprintf(r->out, "%*s%*s%*s ", (int)widths[c].count, count_text,
              (int)widths[c].percent, percent, (int)widths[c].cumulative,
              running);
   }
}

void print_count_row(const report* r, const column_width* widths,
                     enum percent_style style, const char* prefix,
                     const cg_count* counts, const cg_count* cumulative,
                     const char* separator, const char* label)
{
   print_cells(r, widths, style, prefix, counts, cumulative);
   fprintf(r->out, "%s%s\n", separator, label);
}

void print_missing_cells(const report* r, const column_width* widths)
{
   for (size_t c = 0; c < r->column_count; c++) {
      print_cell_padding(r, widths, c);
      fprintf(r->out, "%*s%*s ", (int)widths[c].count, ".",
              (int)(widths[c].percent + widths[c].cumulative), "");
   }
}

int compare_by_sort_events(const report* r, const cg_count* a,
                           const cg_count* b)
{
   for (size_t s = 0; s < r->sort_count; s++) {
      uint64_t x = magnitude(a[r->sort_events[s]]);
      uint64_t y = magnitude(b[r->sort_events[s]]);
      if (x != y)
         return x > y ? -1 : 1;
   }
   return 0;
}

/* Whether the count of EVENT reaches PERCENT of its total.  The limit is
 * worked out in doubles, as the reference does, but the count is compared
 * with it exactly (an integer and a float compare exactly in Python): a
 * count above 2^53 converted to a double first could round up to the
 * limit. */
static int reaches(const report* r, const cg_count* counts, size_t event,
                   double percent)
{
   double limit = percent * fabs((double)r->profile->summary[event]) / 100;
   if (limit <= 0)
      return 1;
   /* A count is an integer: it reaches the limit exactly when it reaches
    * the limit rounded up, an integer that is exact as a double. */
   double whole = ceil(limit);
   if (whole >= 18446744073709551616.0) /* 2^64, above every magnitude */
      return 0;
   return magnitude(counts[event]) >= (uint64_t)whole;
}

int passes_threshold(const report* r, const cg_count* counts)
{
   for (size_t s = 0; s < r->sort_count; s++) {
      double percent = r->sort_thresholds[s];
      if (percent >= 0 && reaches(r, counts, r->sort_events[s], percent))
         return 1;
   }
   return 0;
}
