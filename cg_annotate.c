/* cg_annotate: the report users read.
 *
 *   cg_annotate [options] cachegrind-out-file... [source-file...]
 *
 * Reads one or more profiles (summed; with --diff, the second minus the
 * first) and prints the Metadata, Summary, File:function and Function:file
 * sections, then each source file worth annotating and the annotation
 * summary.  The options and the report are those of the current
 * established cg_annotate; the older one's source files named on the
 * command line, -I folders, per-event thresholds (--sort=A:N) and "%"
 * after the threshold are accepted too.  See docs/cg_annotate.1.
 *
 * Files are read twice when they can be: once for the totals, which decide
 * which sources are annotated, and once for the per-line counts of just
 * those files, so memory stays small whatever the size of the profile.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cg_alloc.h"
#include "cg_args.h"
#include "cg_cli.h"
#include "cg_report_sections.h"

/* The usage is the newer Python program's (usage errors print it, and
 * tests/golden holds them): -I, kept from the older program, is listed in
 * the help below but not here. */
static const char* const usage_options[] = {
   CG_STANDARD_USAGE_PARTS,
   "[--diff]",
   CG_MOD_NAME_USAGE_PARTS,
   "[--show A,B,C]",
   "[--sort A,B,C]",
   "[--threshold N:[0,20]]",
   "[--show-percs | --no-show-percs]",
   "[--show-percs=yes]",
   "[--show-percs=no]",
   "[--annotate | --no-annotate]",
   "[--auto=yes]",
   "[--auto=no]",
   "[--context N]",
   NULL};
static const char* const usage_positionals[] = {
   "cachegrind-out-file", "[cachegrind-out-file ...]", NULL};
static const char* const required_files[] = {"cachegrind-out-file", NULL};

static const cg_help_item positional_help[] = {
   {"cachegrind-out-file",
    "file produced by Cachegrind; a later argument that is an existing file "
    "(here, or under an -I folder) but not a profile is a source file to "
    "annotate"},
   {NULL, NULL},
};

static const cg_help_item option_help[] = {
   CG_STANDARD_HELP_ITEMS,
   {"--diff", "perform a diff between two Cachegrind output files"},
   CG_MOD_NAME_HELP_ITEMS,
   {"--show A,B,C", "only show figures for events A,B,C (default: all events)"},
   {"--sort A,B,C",
    "sort functions by events A,B,C (default: event column order); A:N "
    "gives A its own threshold N%, and the sort events without one 0"},
   {"--threshold N:[0,20]",
    "only show file:function/function:file pairs with at least N% of "
    "primary sort event counts (default: 0.1)"},
   {"--show-percs, --no-show-percs",
    "show a percentage for each non-zero count (default: yes)"},
   {"--annotate, --no-annotate", "annotate source files (default: yes)"},
   {"--context N",
    "print N lines of context before and after each annotated line "
    "(default: 8)"},
   {"-I DIR, --include DIR", "also look for source files in DIR"},
   {NULL, NULL},
};

static const cg_help_text help = {
   usage_options, usage_positionals,
   "Process one or more Cachegrind output files and print the result.",
   positional_help, option_help};

enum {
   OPT_DIFF,
   OPT_MOD_FILENAME,
   OPT_MOD_FUNCNAME,
   OPT_SHOW,
   OPT_SORT,
   OPT_THRESHOLD,
   OPT_SHOW_PERCS,
   OPT_NO_SHOW_PERCS,
   OPT_ANNOTATE,
   OPT_NO_ANNOTATE,
   OPT_CONTEXT,
   OPT_INCLUDE,
};

static const cg_option options[] = {
   CG_STANDARD_OPTIONS,
   {"--diff", 0, OPT_DIFF, NULL},
   {"--mod-filename", 1, OPT_MOD_FILENAME, NULL},
   {"--mod-funcname", 1, OPT_MOD_FUNCNAME, NULL},
   {"--show", 1, OPT_SHOW, NULL},
   {"--sort", 1, OPT_SORT, NULL},
   {"--threshold", 1, OPT_THRESHOLD, NULL},
   {"--show-percs", 0, OPT_SHOW_PERCS, "--show-percs/--no-show-percs"},
   {"--no-show-percs", 0, OPT_NO_SHOW_PERCS, "--show-percs/--no-show-percs"},
   {"--show-percs=yes", 0, OPT_SHOW_PERCS, NULL},
   {"--show-percs=no", 0, OPT_NO_SHOW_PERCS, NULL},
   {"--annotate", 0, OPT_ANNOTATE, "--annotate/--no-annotate"},
   {"--no-annotate", 0, OPT_NO_ANNOTATE, "--annotate/--no-annotate"},
   {"--auto=yes", 0, OPT_ANNOTATE, NULL},
   {"--auto=no", 0, OPT_NO_ANNOTATE, NULL},
   {"--context", 1, OPT_CONTEXT, NULL},
   {"-I", 1, OPT_INCLUDE, NULL},
   {"--include", 1, OPT_INCLUDE, NULL},
};

typedef struct choices {
   int diff;
   cg_subst* file_subst;
   cg_subst* function_subst;
   const char* show;  /* "A,B,C" or NULL for every event */
   const char* sort;
   double threshold;
   int show_percs;
   int annotate;
   long context;
   char** include_dirs;
   size_t include_count;
} choices;

/* ---- options ---- */

/* A copy of TEXT without the underscores that Python's int() and float()
 * allow in a number, each between two digits ("1_000"); any other
 * underscore stays, for the parse to refuse. */
static char* without_digit_separators(const char* text)
{
   size_t length = strlen(text), kept = 0;
   char* copy = cg_xmalloc(length + 1);
   for (size_t i = 0; i < length; i++)
      if (!(text[i] == '_' && i > 0 && isdigit((unsigned char)text[i - 1]) &&
            isdigit((unsigned char)text[i + 1])))
         copy[kept++] = text[i];
   copy[kept] = '\0';
   return copy;
}

/* A float in [0, 20], optionally followed by '%' (the older syntax). */
static double parse_threshold(const char* text)
{
   char* end;
   char* copy = without_digit_separators(text);
   size_t length = strlen(copy);
   if (length > 0 && copy[length - 1] == '%')
      copy[length - 1] = '\0';
   errno = 0;
   double value = strtod(copy, &end);
   while (isspace((unsigned char)*end))
      end++;
   int valid = end != copy && *end == '\0' && strpbrk(copy, "xX") == NULL &&
               value >= 0 && value <= 20;
   free(copy);
   if (!valid)
      cg_usage_error(&help, 2,
                     "argument --threshold: invalid threshold value: '%s'",
                     text);
   return value;
}

/* An int, as Python's int() reads it; one too large for a long is as
 * good as the largest (no file has that many lines). */
static long parse_context(const char* text)
{
   char* end;
   char* copy = without_digit_separators(text);
   errno = 0;
   long value = strtol(copy, &end, 10);
   while (isspace((unsigned char)*end))
      end++;
   int valid = end != copy && *end == '\0' && (errno == 0 || errno == ERANGE);
   free(copy);
   if (!valid)
      cg_usage_error(&help, 2, "argument --context: invalid int value: '%s'",
                     text);
   if (value < 0)
      cg_usage_error(&help, 2,
                     "argument --context: must not be negative: '%s'", text);
   return value;
}

static void handle_option(void* context, const cg_option* option,
                          const char* value)
{
   choices* chosen = context;
   switch (option->id) {
   case OPT_DIFF:
      chosen->diff = 1;
      break;
   case OPT_MOD_FILENAME:
      cg_subst_option(&chosen->file_subst, &help, option->name, value);
      break;
   case OPT_MOD_FUNCNAME:
      cg_subst_option(&chosen->function_subst, &help, option->name, value);
      break;
   case OPT_SHOW:
      chosen->show = value;
      break;
   case OPT_SORT:
      chosen->sort = value;
      break;
   case OPT_THRESHOLD:
      chosen->threshold = parse_threshold(value);
      break;
   case OPT_SHOW_PERCS:
   case OPT_NO_SHOW_PERCS:
      chosen->show_percs = option->id == OPT_SHOW_PERCS;
      break;
   case OPT_ANNOTATE:
   case OPT_NO_ANNOTATE:
      chosen->annotate = option->id == OPT_ANNOTATE;
      break;
   case OPT_CONTEXT:
      chosen->context = parse_context(value);
      break;
   case OPT_INCLUDE:
      chosen->include_dirs =
         cg_xreallocarray(chosen->include_dirs, chosen->include_count + 1,
                          sizeof(char*));
      chosen->include_dirs[chosen->include_count++] =
         (char*)(value[0] == '=' ? value + 1 : value);
      break;
   }
}

/* ---- which arguments are profiles ---- */

/* Whether the regular file at PATH starts as a profile does.  A profile
 * starts, after blank and comment lines, with a "key:" header line;
 * source files do not.  An empty file, or one that starts with a file or
 * function line (a profile whose header was lost), is taken for a
 * profile too, for the reader to refuse with the line at fault; a file
 * of nothing but blank and comment lines (a header of preprocessor
 * lines, say) is a source.  A file that cannot be read is taken for a
 * profile, for the reader to say why. */
static int starts_like_profile(const char* path)
{
   /* Opened without waiting: a pipe put there since it was found would
    * wait for a writer. */
   int fd = open(path, O_RDONLY | O_NONBLOCK);
   FILE* stream = fd < 0 ? NULL : fdopen(fd, "rb");
   if (stream == NULL) {
      if (fd >= 0)
         close(fd);
      return 1;
   }
   /* Blank and comment lines are skipped a byte at a time: they may be
    * of any length. */
   int c;
   int skipped = 0;
   while ((c = getc(stream)) == '\n' || c == '\r' || c == '#' ||
          (c != EOF && cg_is_blank((char)c))) {
      skipped = 1;
      if (c == '#')
         while ((c = getc(stream)) != EOF && c != '\n' && c != '\r')
            ;
      if (c == EOF)
         break;
   }
   char line[4096];
   size_t length = 0;
   if (c != EOF) {
      line[length++] = (char)c;
      length += fread(line + length, 1, sizeof line - 1 - length, stream);
   }
   fclose(stream);
   line[length] = '\0';
   if (length == 0)
      return !skipped;
   static const char* const name_lines[] = {"fl=", "fn=", "fi=", "fe="};
   for (size_t n = 0; n < sizeof name_lines / sizeof name_lines[0]; n++)
      if (strncmp(line, name_lines[n], 3) == 0)
         return 1;
   size_t key = strspn(line, "abcdefghijklmnopqrstuvwxyz"
                             "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-");
   return key > 0 && line[key] == ':';
}

/* Whether ARG, a positional argument after the first, names a source
 * file: one found as sources are (here, or under an -I folder) that does
 * not start like a profile.  Anything else is a profile, for the reader
 * to read or refuse. */
static int names_source(const report* r, const char* arg)
{
   char* path = locate_source(r, arg);
   int source = path != NULL && !starts_like_profile(path);
   free(path);
   return source;
}

/* The first positional argument is a profile; a later one is a source file
 * if names_source() says so, unless profiles are compared (--diff), where
 * every one is a profile. */
static void split_positionals(char** args, size_t count, int diff, report* r)
{
   r->data_paths = cg_xcalloc(count, sizeof(char*));
   r->user_sources = cg_xcalloc(count, sizeof(char*));
   for (size_t i = 0; i < count; i++) {
      if (i == 0 || diff || !names_source(r, args[i]))
         r->data_paths[r->data_count++] = args[i];
      else
         r->user_sources[r->user_source_count++] = args[i];
   }
}

/* ---- events ---- */

/* The index among the COUNT events NAMES of the event NAME (LENGTH
 * bytes), or COUNT if none.  An `events:` line that names an event twice
 * gives the name its last column, as the current tool's name-to-column
 * table does: its columns and sort events, chosen or by default, are
 * looked up by name. */
static size_t event_named(char* const* names, size_t count, const char* name,
                          size_t length)
{
   for (size_t e = count; e > 0; e--)
      if (strlen(names[e - 1]) == length &&
          strncmp(names[e - 1], name, length) == 0)
         return e - 1;
   return count;
}

/* The column of the event whose name is that of column E. */
static size_t column_of_name_of(const cg_profile* profile, size_t e)
{
   const char* name = profile->event_names[e];
   return event_named(profile->event_names, profile->event_count, name,
                      strlen(name));
}

/* The N of "A:N" (TEXT, LENGTH bytes): digits and dots, as the older tool
 * took them, then perhaps '%', a number from 0 to 100; or -1 if it is not
 * one. */
static double parse_sort_threshold(const char* text, size_t length)
{
   if (length > 0 && text[length - 1] == '%')
      length--;
   char* number = cg_xstrndup(text, length);
   char* end;
   double value = -1;
   if (length > 0 && strspn(number, "0123456789.") == length) {
      value = strtod(number, &end);
      if (*end != '\0' || !(value >= 0 && value <= 100))
         value = -1;
   }
   free(number);
   return value;
}

/* Parses "A,B:N,..." into indexes among the COUNT events NAMES (and
 * thresholds, if wanted: N, or -1 where there is none); returns how many
 * items it read, or 0 with the error (naming OPTION) in *ERROR,
 * allocated.  An item that names an event whole is that event, so that a
 * name with a colon in it can be sorted by; otherwise its last colon
 * starts the threshold. */
static size_t parse_event_list(char* const* names, size_t count,
                               const char* list, const char* option,
                               size_t** events, double** thresholds,
                               char** error)
{
   size_t items = 0;
   const char* item = list;
   for (;;) {
      size_t length = strcspn(item, ",");
      size_t name_length = length;
      double threshold = -1;
      const char* colon = NULL;
      for (const char* c = item; c < item + length; c++)
         if (*c == ':')
            colon = c;
      if (thresholds != NULL && colon != NULL &&
          event_named(names, count, item, length) == count) {
         threshold = parse_sort_threshold(
            colon + 1, (size_t)(item + length - colon - 1));
         if (threshold < 0) {
            *error = cg_xprintf("%s: invalid threshold in `%.*s`", option,
                                (int)length, item);
            return 0;
         }
         name_length = (size_t)(colon - item);
      }
      size_t event = event_named(names, count, item, name_length);
      if (event == count) {
         *error = cg_xprintf("%s event `%.*s` did not appear in `events:` line",
                             option, (int)name_length, item);
         return 0;
      }
      *events = cg_xreallocarray(*events, items + 1, sizeof(size_t));
      (*events)[items] = event;
      if (thresholds != NULL) {
         *thresholds = cg_xreallocarray(*thresholds, items + 1, sizeof(double));
         (*thresholds)[items] = threshold;
      }
      items++;
      if (item[length] == '\0')
         return items;
      item += length + 1;
   }
}

/* The reader's check of each file's events (a cg_read_rules
 * check_events): the events --show and --sort name (CHOICES) must be
 * among each file's, and are looked for as its events: line is read, so
 * that one missing is told before anything later in that file or in the
 * files after it (a summary that does not add up, other events, a file
 * that cannot be opened), as the current tool tells it. */
static int check_chosen_events(void* choices_, char* const* names,
                               size_t count, char** error)
{
   const choices* chosen = choices_;
   size_t* events = NULL;
   double* thresholds = NULL;
   int known = (chosen->show == NULL ||
                parse_event_list(names, count, chosen->show, "--show",
                                 &events, NULL, error) > 0) &&
               (chosen->sort == NULL ||
                parse_event_list(names, count, chosen->sort, "--sort",
                                 &events, &thresholds, error) > 0);
   free(events);
   free(thresholds);
   return known;
}

static void choose_columns(report* r, const choices* chosen)
{
   const cg_profile* profile = r->profile;
   /* The lists were checked against the events as they were read
    * (check_chosen_events); parsed against the same events here, they
    * fail only as they failed there. */
   char* error;
   if (chosen->show != NULL) {
      r->column_count =
         parse_event_list(profile->event_names, profile->event_count,
                          chosen->show, "--show", &r->columns, NULL, &error);
      if (r->column_count == 0)
         cg_fatal("%s", error);
   } else {
      r->column_count = profile->event_count;
      r->columns = cg_xcalloc(profile->event_count, sizeof(size_t));
      for (size_t e = 0; e < profile->event_count; e++)
         r->columns[e] = column_of_name_of(profile, e);
   }
   if (chosen->sort != NULL) {
      r->sort_count =
         parse_event_list(profile->event_names, profile->event_count,
                          chosen->sort, "--sort", &r->sort_events,
                          &r->sort_thresholds, &error);
      if (r->sort_count == 0)
         cg_fatal("%s", error);
   } else {
      r->sort_count = profile->event_count;
      r->sort_events = cg_xcalloc(profile->event_count, sizeof(size_t));
      r->sort_thresholds = cg_xcalloc(profile->event_count, sizeof(double));
      for (size_t e = 0; e < profile->event_count; e++) {
         r->sort_events[e] = column_of_name_of(profile, e);
         r->sort_thresholds[e] = -1;
      }
   }
   /* With no A:N, the current tool's rule: --threshold, for the primary
    * event alone.  With any, the older tool's, from which A:N comes: each
    * sort event without one gets 0, so every pair reaches it, and
    * --threshold is not used. */
   r->own_thresholds = 0;
   for (size_t s = 0; s < r->sort_count; s++)
      r->own_thresholds |= r->sort_thresholds[s] >= 0;
   for (size_t s = 0; s < r->sort_count; s++)
      if (r->sort_thresholds[s] < 0)
         r->sort_thresholds[s] = r->own_thresholds ? 0
                                 : s == 0          ? r->threshold
                                                   : -1;
}

/* What split_positionals and choose_columns allocated. */
static void free_report(report* r)
{
   free(r->data_paths);
   free(r->user_sources);
   free(r->columns);
   free(r->sort_events);
   free(r->sort_thresholds);
}

/* ---- reading ---- */

static int keep_planned_lines(void* context, const char* file_name)
{
   cg_name_id unused;
   return cg_names_find(context, file_name, strlen(file_name), &unused);
}

/* A second reading is possible only if every input is a regular file.
 * If so, returns each input's status as it is before the first reading
 * (to free), for check_second_reading(); else NULL. */
static struct stat* statuses_if_readable_twice(const report* r)
{
   struct stat* statuses = cg_xreallocarray(NULL, r->data_count,
                                            sizeof *statuses);
   for (size_t f = 0; f < r->data_count; f++)
      if (stat(r->data_paths[f], &statuses[f]) != 0 ||
          !S_ISREG(statuses[f].st_mode)) {
         free(statuses);
         return NULL;
      }
   return statuses;
}

static int same_file_state(const struct stat* a, const struct stat* b)
{
   return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
          a->st_size == b->st_size &&
          a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
          a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static void fail_changed(const char* path) __attribute__((noreturn));
static void fail_changed(const char* path)
{
   cg_fatal("%s: changed while cg_annotate was reading it", path);
}

/* Stops the program, naming the input, if an input's device, inode, size
 * or modification time moved since BEFORE. */
static void check_unchanged_statuses(const report* r, const struct stat* before)
{
   for (size_t f = 0; f < r->data_count; f++) {
      struct stat now;
      if (stat(r->data_paths[f], &now) != 0 ||
          !same_file_state(&before[f], &now))
         fail_changed(r->data_paths[f]);
   }
}

/* Stops the program with PROFILE's reading error, or, in a second reading
 * (BEFORE not NULL), as fail_changed() if an input changed since. */
static void fail_reading(const report* r, const cg_profile* profile,
                         const struct stat* before)
{
   if (before != NULL)
      check_unchanged_statuses(r, before);
   cg_fatal("%s", profile->error);
}

/* Reads every profile into PROFILE.  The functions' counts and the
 * summary must fit in 64 bits; the lines' are taken exactly where a file
 * is annotated, and what the report shows of them is checked there.  In
 * a second reading (BEFORE, the inputs' statuses before the first, not
 * NULL), a failure is blamed on an input that changed since, if one did. */
static void read_profiles(cg_profile* profile, const cg_read_rules* rules,
                          const report* r, int diff, const struct stat* before)
{
   cg_profile_init(profile, rules);
   /* A difference of events is told without its detail (which file has
    * which), as the established program tells it (tests/golden). */
   for (size_t f = 0; f < r->data_count; f++)
      if (!cg_profile_read(profile, r->data_paths[f],
                           diff && f == 0 ? -1 : 1))
         fail_reading(r, profile, before);
   if (!cg_profile_counts_fit(profile, 0))
      fail_reading(r, profile, before);
}

/* memcmp() but for N == 0, where the arrays may not be allocated at all. */
static int same_bytes(const void* a, const void* b, size_t n)
{
   return n == 0 || memcmp(a, b, n) == 0;
}

static int same_counts(const cg_profile* a, const cg_profile* b)
{
   if (a->event_count != b->event_count || a->names.count != b->names.count ||
       a->pair_count != b->pair_count)
      return 0;
   for (size_t e = 0; e < a->event_count; e++)
      if (strcmp(a->event_names[e], b->event_names[e]) != 0)
         return 0;
   size_t per_pair = a->event_count * sizeof(cg_count);
   return same_bytes(a->summary, b->summary, per_pair) &&
          same_bytes(a->pair_file, b->pair_file,
                     a->pair_count * sizeof *a->pair_file) &&
          same_bytes(a->pair_function, b->pair_function,
                     a->pair_count * sizeof *a->pair_function) &&
          same_bytes(a->pair_counts, b->pair_counts, a->pair_count * per_pair);
}

/* The second reading must find what the first found: the report's totals
 * come from the first, its annotated lines from the second, and a profile
 * rewritten in between (by a run that ends as it is read) would mix two
 * profiles, of other events even.  An input whose device, inode, size or
 * modification time moved since BEFORE, or counts of the second reading
 * that differ from the first's (a rewrite within one tick of the clock),
 * end the program before anything is printed, naming the input that
 * changed where its status tells. */
static void check_second_reading(const report* r, const struct stat* before,
                                 const cg_profile* first,
                                 const cg_profile* second)
{
   check_unchanged_statuses(r, before);
   if (!same_counts(first, second)) {
      if (r->data_count == 1)
         fail_changed(r->data_paths[0]);
      cg_fatal("%s (or another of the %zu profiles): changed while "
               "cg_annotate was reading it", r->data_paths[0], r->data_count);
   }
}

/* ---- the plan of what to annotate ---- */

/* What source_of[] holds for a file that no named source names, or
 * several do, where it holds a named source's id otherwise. */
enum { NO_SOURCE = -1, SEVERAL_SOURCES = -2 };

/* Appends FILE to PLAN. */
static void plan_file(annotation_plan* plan, planned_file file)
{
   plan->files = cg_xreallocarray(plan->files, plan->file_count + 1,
                                  sizeof *plan->files);
   plan->files[plan->file_count++] = file;
}

/* Marks in PLANNED each file of the profile (but UNKNOWN) that a source
 * named on the command line names: the whole file name, or its end after
 * a '/'.  A named source no file has is planned under its own name.  Sets
 * STAND_IN[file] to the named source that is the only one to name the
 * file and names no other, which is read for it if the file cannot be
 * found under its own name (a build folder's "../src/f.c", named
 * "src/f.c" from the folder above).  Each end of each file name is looked
 * up among the named sources, so that thousands of them cost no more than
 * one. */
static void plan_user_sources(const report* r, uint8_t* planned,
                              char** stand_in, cg_name_id unknown,
                              annotation_plan* plan)
{
   const cg_profile* profile = r->profile;
   if (r->user_source_count == 0)
      return;
   cg_names named;
   cg_names_init(&named);
   /* The argument of each named source, by its id among them. */
   char** argument_of = cg_xcalloc(r->user_source_count, sizeof(char*));
   size_t longest = 0;
   for (size_t u = 0; u < r->user_source_count; u++) {
      /* Matched without its leading "./": "./src/f.c" names the file
       * "src/f.c" names. */
      const char* name = r->user_sources[u];
      while (name[0] == '.' && name[1] == '/')
         name += strspn(name + 1, "/") + 1;
      size_t length = strlen(name);
      argument_of[cg_names_intern(&named, name, length)] = r->user_sources[u];
      if (length > longest)
         longest = length;
   }
   size_t* files_named = cg_xcalloc(named.count, sizeof(size_t));
   long* source_of = cg_xcalloc(profile->names.count, sizeof(long));
   for (size_t id = 0; id < profile->names.count; id++)
      source_of[id] = NO_SOURCE;
   uint8_t* seen = cg_xcalloc(profile->names.count, 1);
   for (size_t p = 0; p < profile->pair_count; p++) {
      cg_name_id file = profile->pair_file[p];
      if (file == unknown || seen[file])
         continue;
      seen[file] = 1;
      const char* text = cg_name_text(&profile->names, file);
      size_t length = strlen(text);
      /* Only ends no longer than the longest named source can be one. */
      for (size_t at = length > longest ? length - longest : 0;
           at <= length; at++) {
         cg_name_id source;
         if ((at == 0 || text[at - 1] == '/') &&
             cg_names_find(&named, text + at, length - at, &source)) {
            planned[file] = 1;
            files_named[source]++;
            source_of[file] =
               source_of[file] == NO_SOURCE ? (long)source : SEVERAL_SOURCES;
         }
      }
   }
   for (size_t id = 0; id < profile->names.count; id++)
      if (source_of[id] >= 0 && files_named[source_of[id]] == 1)
         stand_in[id] = argument_of[source_of[id]];
   for (size_t source = 0; source < named.count; source++)
      if (files_named[source] == 0)
         plan_file(plan, (planned_file){argument_of[source], NULL});
   free(argument_of);
   free(seen);
   free(source_of);
   free(files_named);
   cg_names_free(&named);
}

static int by_name(const void* a, const void* b)
{
   return strcmp(((const planned_file*)a)->name,
                 ((const planned_file*)b)->name);
}

/* Annotated: the files shown in File:function, except "???", plus those
 * the user named.  Everything else is below the threshold or unknown. */
static annotation_plan make_plan(const report* r, uint8_t* planned)
{
   const cg_profile* profile = r->profile;
   size_t events = profile->event_count;
   annotation_plan plan = {NULL, 0, cg_xcalloc(events, sizeof(cg_sum)),
                           cg_xcalloc(events, sizeof(cg_sum))};
   cg_name_id unknown = (cg_name_id)-1;
   cg_names_find(&profile->names, "???", 3, &unknown);
   char** stand_in = cg_xcalloc(profile->names.count, sizeof(char*));
   plan_user_sources(r, planned, stand_in, unknown, &plan);
   for (size_t p = 0; p < profile->pair_count; p++) {
      cg_name_id file = profile->pair_file[p];
      cg_sum* target = file == unknown ? plan.files_unknown
                       : planned[file] ? NULL
                                       : plan.below_threshold;
      if (target != NULL)
         cg_sum_add(target, cg_pair_counts(profile, p), events);
   }
   for (size_t id = 0; id < profile->names.count; id++)
      if (planned[id] && id != unknown)
         plan_file(&plan,
                   (planned_file){profile->names.text[id], stand_in[id]});
   free(stand_in);
   /* With no file, plan.files is NULL, which qsort() may not be given. */
   if (plan.file_count > 0)
      qsort(plan.files, plan.file_count, sizeof *plan.files, by_name);
   return plan;
}

/* ---- main ---- */

int main(int argc, char** argv)
{
   choices chosen = {.threshold = 0.1, .show_percs = 1, .annotate = 1,
                     .context = 8};
   char** args;
   size_t arg_count;
   cg_cli_start("cg_annotate", argv[0]);
   cg_arg_parser parser = {.options = options,
                           .option_count = sizeof options / sizeof options[0],
                           .help = &help,
                           .required_positionals = required_files,
                           .handle = handle_option,
                           .context = &chosen};
   cg_args_parse(&parser, argc, argv, &args, &arg_count);
   report r = {.threshold = chosen.threshold,
               .show_percs = chosen.show_percs, .annotate = chosen.annotate,
               .context = chosen.context,
               .include_dirs = chosen.include_dirs,
               .include_count = chosen.include_count};
   split_positionals(args, arg_count, chosen.diff, &r);
   if (chosen.diff && r.data_count != 2)
      cg_usage_error(&help, 1, "argument --diff: requires exactly two "
                               "Cachegrind output files");

   cg_read_rules rules = {.accept_inline_files = 1,
                          .total_only_before_file = 1,
                          .unnamed_function = "<unspecified>",
                          .record_unnamed_on_file_line = 1,
                          .file_subst = chosen.file_subst,
                          .function_subst = chosen.function_subst,
                          .check_events = check_chosen_events,
                          .check_events_context = &chosen};
   /* Source files named on the command line are annotated even with
    * --no-annotate (--auto=no), which then annotates only them, as the
    * older program's --auto=no did. */
   int annotating = chosen.annotate || r.user_source_count > 0;
   /* Lines are kept only to be annotated: with two passes, only those of
    * the files annotated, in the second. */
   struct stat* first_statuses =
      annotating ? statuses_if_readable_twice(&r) : NULL;
   int two_passes = first_statuses != NULL;
   rules.keep_lines = two_passes || !annotating ? cg_keep_no_lines : NULL;
   cg_profile totals;
   read_profiles(&totals, &rules, &r, chosen.diff, NULL);
   r.profile = &totals;
   choose_columns(&r, &chosen);

   report_text held;
   report_open(&r, &held);
   print_metadata_section(&r, argc, argv);
   print_summary_section(&r);
   uint8_t* shown_files = print_function_sections(&r);
   int adds_up = 1;
   if (annotating) {
      /* The files chosen by the threshold, unless only named ones are. */
      if (!chosen.annotate)
         memset(shown_files, 0, r.profile->names.count);
      annotation_plan plan = make_plan(&r, shown_files);
      if (two_passes) {
         cg_names wanted;
         cg_profile lines;
         cg_names_init(&wanted);
         for (size_t f = 0; f < plan.file_count; f++)
            cg_names_intern(&wanted, plan.files[f].name,
                            strlen(plan.files[f].name));
         rules.keep_lines = keep_planned_lines;
         rules.keep_lines_context = &wanted;
         read_profiles(&lines, &rules, &r, chosen.diff, first_statuses);
         check_second_reading(&r, first_statuses, &totals, &lines);
         adds_up = print_source_sections(&r, &plan, &lines);
         cg_profile_free(&lines);
         cg_names_free(&wanted);
      } else {
         adds_up = print_source_sections(&r, &plan, &totals);
      }
      free(plan.files);
      free(plan.below_threshold);
      free(plan.files_unknown);
   }
   report_deliver(&r);
   free(shown_files);
   free(first_statuses);
   report_close(&r);
   free_report(&r);
   cg_profile_free(&totals);
   free(args);
   free(chosen.include_dirs);
   cg_subst_free(chosen.file_subst);
   cg_subst_free(chosen.function_subst);
   return adds_up ? 0 : 1;
}
