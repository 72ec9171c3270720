/* cg_report_functions.c: the report's Summary, File:function and
 * Function:file sections.
 *
 * The two function sections are one algorithm seen from two sides: pairs
 * (file, function) grouped by file, or by function.  An inner entry (a
 * pair) is kept if it reaches the threshold; a group is shown if it keeps
 * at least one, whatever its own total.  Groups, and entries within a
 * group, are ordered by the absolute counts of the sort events, largest
 * first, ties broken by name in reverse byte order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_report_sections.h"

typedef struct group {
   cg_name_id name;
   cg_count* counts;  /* the sum of its pairs */
   uint32_t* members; /* its pairs, the kept ones first once sorted */
   size_t member_count, kept_count;
} group;

/* Which side of the pairs the groups are made of. */
typedef struct grouping {
   const report* r;
   const cg_name_id* outer_name; /* pair_file or pair_function */
   const cg_name_id* inner_name;
   const char* title;
   const char* marker;
   const char* suffix;
} grouping;

static const grouping* sorting; /* the context of the qsort callbacks */

static const char* name_text(cg_name_id name)
{
   return cg_name_text(&sorting->r->profile->names, name);
}

static int by_outer_name(const void* a, const void* b)
{
   cg_name_id x = sorting->outer_name[*(const uint32_t*)a];
   cg_name_id y = sorting->outer_name[*(const uint32_t*)b];
   return x < y ? -1 : x > y;
}

static int by_counts_then_inner_name(const void* a, const void* b)
{
   uint32_t x = *(const uint32_t*)a, y = *(const uint32_t*)b;
   const cg_profile* profile = sorting->r->profile;
   int order = compare_by_sort_events(sorting->r, cg_pair_counts(profile, x),
                                      cg_pair_counts(profile, y));
   if (order != 0)
      return order;
   return strcmp(name_text(sorting->inner_name[y]),
                 name_text(sorting->inner_name[x]));
}

static int by_counts_then_name(const void* a, const void* b)
{
   const group* x = a;
   const group* y = b;
   int order = compare_by_sort_events(sorting->r, x->counts, y->counts);
   if (order != 0)
      return order;
   return strcmp(name_text(y->name), name_text(x->name));
}

/* Groups the pairs, sums each group, keeps the entries that reach the
 * threshold, and sorts; returns the groups with a kept entry. */
static group* make_groups(const grouping* g, uint32_t* pairs,
                          size_t* shown_count)
{
   const cg_profile* profile = g->r->profile;
   size_t events = profile->event_count, count = 0;
   group* groups = cg_xcalloc(profile->pair_count, sizeof(group));
   cg_sum* total = cg_xcalloc(events, sizeof(cg_sum));
   sorting = g;
   for (size_t p = 0; p < profile->pair_count; p++)
      pairs[p] = (uint32_t)p;
   qsort(pairs, profile->pair_count, sizeof *pairs, by_outer_name);
   for (size_t p = 0; p < profile->pair_count;) {
      group* current = &groups[count];
      current->name = g->outer_name[pairs[p]];
      current->members = &pairs[p];
      current->counts = cg_xcalloc(events, sizeof(cg_count));
      memset(total, 0, events * sizeof(cg_sum));
      for (; p < profile->pair_count &&
             g->outer_name[pairs[p]] == current->name;
           p++) {
         const cg_count* counts = cg_pair_counts(profile, pairs[p]);
         cg_sum_add(total, counts, events);
         if (passes_threshold(g->r, counts)) {
            uint32_t kept = current->members[current->kept_count];
            current->members[current->kept_count++] = pairs[p];
            pairs[p] = kept;
         }
         current->member_count++;
      }
      if (current->kept_count > 0) {
         report_narrow(g->r, current->counts, total, "the total of %s",
                       name_text(current->name));
         qsort(current->members, current->kept_count, sizeof(uint32_t),
               by_counts_then_inner_name);
         count++;
      } else {
         free(current->counts);
      }
   }
   free(total);
   qsort(groups, count, sizeof *groups, by_counts_then_name);
   *shown_count = count;
   return groups;
}

/* The running total after GROUP, into CUMULATIVE: shown only in the
 * cumulative percentages, so not taken without them. */
static void add_to_running_total(const grouping* g, cg_sum* running,
                                 cg_count* cumulative, const group* group)
{
   const report* r = g->r;
   if (!r->show_percs)
      return;
   cg_sum_add(running, group->counts, r->profile->event_count);
   report_narrow(r, cumulative, running, "the running total of %s",
                 g->title);
}

static column_width* section_widths(const grouping* g, const group* groups,
                                    size_t count)
{
   const report* r = g->r;
   size_t events = r->profile->event_count;
   column_extent* extents = extents_new(r);
   cg_count* cumulative = cg_xcalloc(events, sizeof(cg_count));
   cg_sum* running = cg_xcalloc(events, sizeof(cg_sum));
   for (size_t i = 0; i < count; i++) {
      extents_add(r, extents, groups[i].counts);
      add_to_running_total(g, running, cumulative, &groups[i]);
      extents_add_cumulative(r, extents, cumulative);
      for (size_t k = 0; k < groups[i].kept_count; k++)
         extents_add(r, extents,
                     cg_pair_counts(r->profile, groups[i].members[k]));
   }
   column_width* widths = widths_from(r, extents, PERCENT_OUTER);
   free(extents);
   free(cumulative);
   free(running);
   return widths;
}

static void print_group(const grouping* g, const group* shown,
                        const column_width* widths, const cg_count* cumulative)
{
   const report* r = g->r;
   const cg_profile* profile = r->profile;
   const char* outer = cg_name_text(&profile->names, shown->name);
   const cg_count* first = cg_pair_counts(profile, shown->members[0]);
   size_t label_size = strlen(outer) + 2 +
      strlen(cg_name_text(&profile->names, g->inner_name[shown->members[0]]));
   char* label = cg_xmalloc(label_size);
   size_t counts_size = profile->event_count * sizeof *first;
   if (shown->kept_count == 1 &&
       memcmp(first, shown->counts, counts_size) == 0) {
      snprintf(label, label_size, "%s:%s", outer,
               cg_name_text(&profile->names, g->inner_name[shown->members[0]]));
      print_count_row(r, widths, PERCENT_OUTER, g->marker, shown->counts,
                      cumulative, " ", label);
   } else {
      snprintf(label, label_size, "%s:", outer);
      print_count_row(r, widths, PERCENT_OUTER, g->marker, shown->counts,
                      cumulative, " ", label);
      for (size_t k = 0; k < shown->kept_count; k++) {
         uint32_t pair = shown->members[k];
         print_count_row(r, widths, PERCENT_INNER, "  ",
                         cg_pair_counts(profile, pair), NULL, "   ",
                         cg_name_text(&profile->names, g->inner_name[pair]));
      }
   }
   free(label);
   putc('\n', r->out);
}

/* Prints one section; if SHOWN_FILES is not NULL, marks the outer names
 * shown in it. */
static void print_grouped_section(const grouping* g, uint8_t* shown_names)
{
   const report* r = g->r;
   size_t events = r->profile->event_count, count;
   uint32_t* pairs = cg_xcalloc(r->profile->pair_count, sizeof(uint32_t));
   group* groups = make_groups(g, pairs, &count);
   column_width* widths = section_widths(g, groups, count);
   cg_count* cumulative = cg_xcalloc(events, sizeof(cg_count));
   cg_sum* running = cg_xcalloc(events, sizeof(cg_sum));

   print_heading(r, g->title);
   print_header_row(r, widths, "  ", g->suffix);
   putc('\n', r->out);
   for (size_t i = 0; i < count; i++) {
      add_to_running_total(g, running, cumulative, &groups[i]);
      print_group(g, &groups[i], widths, cumulative);
      if (shown_names != NULL)
         shown_names[groups[i].name] = 1;
      free(groups[i].counts);
   }
   free(cumulative);
   free(running);
   free(widths);
   free(groups);
   free(pairs);
}

uint8_t* print_function_sections(const report* r)
{
   const cg_profile* profile = r->profile;
   uint8_t* shown_files = cg_xcalloc(profile->names.count, 1);
   grouping by_file = {r, profile->pair_file, profile->pair_function,
                       "File:function summary", "< ", " file:function"};
   grouping by_function = {r, profile->pair_function, profile->pair_file,
                           "Function:file summary", "> ", " function:file"};
   print_grouped_section(&by_file, shown_files);
   print_grouped_section(&by_function, NULL);
   return shown_files;
}

void print_summary_section(const report* r)
{
   column_extent* extents = extents_new(r);
   extents_add(r, extents, r->profile->summary);
   column_width* widths = widths_from(r, extents, PERCENT_PLAIN);
   print_heading(r, "Summary");
   print_header_row(r, widths, "", "");
   putc('\n', r->out);
   print_count_row(r, widths, PERCENT_PLAIN, "", r->profile->summary, NULL,
                   " ", "PROGRAM TOTALS");
   putc('\n', r->out);
   free(widths);
   free(extents);
}
