/* cg_report_sources.c: the report's annotated source files and the
 * annotation summary that accounts for every count.
 *
 * A (renamed) file may stand for several original names; they are read in
 * byte order of their names and must all be readable and identical for the
 * file to be annotated (from the first of them).  Each count lands in
 * exactly one of six rows of the annotation summary, and the rows must add
 * up to the profile's totals: counts that no file claims (count lines
 * before any fl=) make the final check fail.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cg_alloc.h"
#include "cg_cli.h"
#include "cg_report_sections.h"

static const char at_rule[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
                              "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
static const char at_warning[] = "@@ WARNING @@ WARNING @@ WARNING @@ "
                                 "WARNING @@ WARNING @@ WARNING @@ "
                                 "WARNING @@";

/* The six rows of the annotation summary. */
enum {
   ROW_KNOWN_LINES,
   ROW_UNKNOWN_LINES,
   ROW_NOT_IDENTICAL,
   ROW_UNREADABLE,
   ROW_BELOW_THRESHOLD,
   ROW_FILES_UNKNOWN,
   ROW_COUNT
};

/* The rows' labels, %s standing for what chose the files to annotate
 * (the first four rows) or left them out (the fifth). */
static const char* const row_formats[ROW_COUNT] = {
   "  annotated: files known & %s & readable, line numbers known",
   "  annotated: files known & %s & readable, line numbers unknown",
   "unannotated: files known & %s & two or more non-identical",
   "unannotated: files known & %s & unreadable ",
   "unannotated: files known & %s",
   "unannotated: files unknown",
};

/* Writes the rows' labels into LABELS.  Without source files named on the
 * command line they are the current tool's, the threshold choosing; named
 * sources (which the current tool does not take) are annotated whatever
 * their counts, and with --no-annotate alone, and the labels say so. */
static void make_row_labels(const report* r, char labels[ROW_COUNT][96])
{
   const char* chosen = "above threshold";
   const char* left_out = "below threshold";
   if (r->user_source_count > 0 && r->annotate) {
      chosen = "above threshold or named";
      left_out = "below threshold & not named";
   } else if (r->user_source_count > 0) {
      chosen = "named";
      left_out = "not named";
   }
   for (int row = 0; row < ROW_COUNT; row++)
      snprintf(labels[row], sizeof labels[row], row_formats[row],
               row == ROW_BELOW_THRESHOLD ? left_out : chosen);
}

typedef struct line_count {
   uint64_t line;
   cg_sum* sum;       /* over the line's functions */
   cg_count* counts;  /* the sum as shown, once the file is annotated */
} line_count;

/* A file's per-line counts (lines summed over functions), by line; the
 * lines' sums and shown counts are blocks of event_count each, one
 * allocation for all. */
typedef struct file_counts {
   line_count* lines;
   size_t line_count;
   cg_sum* total;
   cg_sum* sums;
   cg_count* shown;
} file_counts;

/* A source file as read: its bytes, where they were found (NAME itself
 * or under an -I folder) and when they were last changed. */
typedef struct source {
   char* text;
   size_t length;
   char* path;
   struct timespec mtime;
} source;

typedef struct annotator {
   const report* r;
   const cg_profile* lines;
   size_t* entry_order; /* entries sorted by (file id, line) */
   cg_sum* rows[ROW_COUNT];
   /* The names of files renamed to the name of id N, as named in fl=
    * lines: original_ids[original_start[N] .. original_start[N + 1]). */
   size_t* original_start;
   cg_name_id* original_ids;
} annotator;

static const cg_profile* sorted_lines;

static int by_file_then_line(const void* a, const void* b)
{
   const cg_profile* p = sorted_lines;
   size_t x = *(const size_t*)a, y = *(const size_t*)b;
   cg_name_id fx = p->pair_file[p->entry_pair[x]];
   cg_name_id fy = p->pair_file[p->entry_pair[y]];
   if (fx != fy)
      return fx < fy ? -1 : 1;
   if (p->entry_line[x] != p->entry_line[y])
      return p->entry_line[x] < p->entry_line[y] ? -1 : 1;
   return x < y ? -1 : x > y;
}

/* Collects the per-line counts of the file named NAME, exactly (an
 * entry's count may not fit in 64 bits; only the sums shown must). */
static file_counts counts_of_file(const annotator* a, const char* name)
{
   const cg_profile* p = a->lines;
   size_t events = p->event_count;
   file_counts result = {NULL, 0, cg_xcalloc(events, sizeof(cg_sum)), NULL,
                         NULL};
   cg_name_id file;
   if (!cg_names_find(&p->names, name, strlen(name), &file))
      return result;
   size_t low = 0, high = p->entry_count;
   while (low < high) { /* the first entry of FILE */
      size_t middle = low + (high - low) / 2;
      if (p->pair_file[p->entry_pair[a->entry_order[middle]]] < file)
         low = middle + 1;
      else
         high = middle;
   }
   size_t end = low, lines = 0;
   for (; end < p->entry_count &&
          p->pair_file[p->entry_pair[a->entry_order[end]]] == file;
        end++)
      if (end == low || p->entry_line[a->entry_order[end]] !=
                           p->entry_line[a->entry_order[end - 1]])
         lines++;
   if (lines == 0)
      return result;
   result.lines = cg_xcalloc(lines, sizeof(line_count));
   result.sums = cg_xcalloc(lines * events, sizeof(cg_sum));
   for (size_t i = low; i < end; i++) {
      size_t entry = a->entry_order[i];
      uint64_t line = p->entry_line[entry];
      if (result.line_count == 0 ||
          result.lines[result.line_count - 1].line != line) {
         result.lines[result.line_count] = (line_count){
            line, result.sums + result.line_count * events, NULL};
         result.line_count++;
      }
      cg_profile_sum_add(p, CG_IN_ENTRY, entry,
                         result.lines[result.line_count - 1].sum);
   }
   for (size_t i = 0; i < result.line_count; i++)
      cg_sum_add_sum(result.total, result.lines[i].sum, events);
   return result;
}

static void free_file_counts(file_counts* counts)
{
   free(counts->lines);
   free(counts->sums);
   free(counts->shown);
   free(counts->total);
}

/* ---- source files ---- */

/* Reads the regular file at PATH whole.  Anything else is not a source:
 * a folder, and a device or a pipe, which may never end (a profile's
 * "/dev/zero" would fill the memory). */
static int read_whole(const char* path, source* into)
{
   /* Not even opened unless it is a regular file (opening a device may
    * do something); opened without waiting, and checked again, in case it
    * is replaced in between (opening a pipe would wait for a writer). */
   struct stat status;
   if (stat(path, &status) != 0 || !S_ISREG(status.st_mode))
      return 0;
   int fd = open(path, O_RDONLY | O_NONBLOCK);
   if (fd < 0)
      return 0;
   FILE* stream = NULL;
   if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) ||
       (stream = fdopen(fd, "rb")) == NULL) {
      close(fd);
      return 0;
   }
   size_t capacity = 65536, length = 0, got;
   cg_alloc_reading(path, NULL);
   char* text = cg_xmalloc(capacity);
   while ((got = fread(text + length, 1, capacity - length, stream)) > 0) {
      length += got;
      if (length == capacity)
         text = cg_xreallocarray(text, capacity *= 2, 1);
   }
   cg_alloc_reading(NULL, NULL);
   int failed = ferror(stream);
   fclose(stream);
   if (failed) {
      free(text);
      return 0;
   }
   into->text = text;
   into->length = length;
   into->mtime = status.st_mtim;
   return 1;
}

/* NAME under the include folder DIR (to be freed); an absolute NAME is
 * taken as relative to DIR, so that a copy of a tree built elsewhere
 * (a profile made on another machine, or in a container) can be found. */
static char* path_under(const char* dir, const char* name)
{
   name += strspn(name, "/");
   size_t size = strlen(dir) + strlen(name) + 2;
   char* path = cg_xmalloc(size);
   snprintf(path, size, "%s/%s", dir, name);
   return path;
}

/* Whether the file at PATH, of STATUS, is one a source is read from. */
static int can_load(const char* path, const struct stat* status)
{
   return S_ISREG(status->st_mode) && access(path, R_OK) == 0;
}

char* locate_source(const report* r, const char* name)
{
   struct stat status;
   if (stat(name, &status) == 0 && can_load(name, &status))
      return cg_xstrndup(name, strlen(name));
   for (size_t d = 0; d < r->include_count; d++) {
      char* path = path_under(r->include_dirs[d], name);
      if (stat(path, &status) == 0 && can_load(path, &status))
         return path;
      free(path);
   }
   return NULL;
}

/* Reads the source NAME where locate_source() finds it; the path kept in
 * INTO is the one read, for the section's heading. */
static int load_source(const report* r, const char* name, source* into)
{
   char* path = locate_source(r, name);
   if (path == NULL || !read_whole(path, into)) {
      free(path);
      return 0;
   }
   into->path = path;
   return 1;
}

static void free_source(source* s)
{
   free(s->text);
   free(s->path);
}

/* What load_source() would find for NAME, without reading it: returns 0
 * if nothing by that name exists; otherwise sets *STATUS, of the file it
 * would read, or else of NAME itself. */
static int find_source(const report* r, const char* name,
                       struct stat* status)
{
   char* path = locate_source(r, name);
   int found = path != NULL ? stat(path, status) == 0
                            : stat(name, status) == 0;
   free(path);
   return found;
}

/* Whether the time A is before B. */
static int earlier(struct timespec a, struct timespec b)
{
   return a.tv_sec < b.tv_sec ||
          (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

/* Reads into FIRST the first of the COUNT originals renamed to one name,
 * once they compare as the established tool compares them, each with the
 * next (Python's filecmp.cmp, not shallow).  Returns 0, or else, for the
 * first pair that fails, ROW_NOT_IDENTICAL if either is not a regular
 * file or their sizes or bytes differ, ROW_UNREADABLE if either is
 * missing or cannot be read.  Once every pair before it compared the
 * same, an original's neighbour holds the first's bytes, so each is
 * compared with the first's text, read once.  *OLDEST is the earliest
 * time of change among them. */
static int read_originals(const report* r, char* const* originals,
                          size_t count, source* first,
                          struct timespec* oldest)
{
   *first = (source){0};
   struct stat first_status;
   if (count > 1 && !find_source(r, originals[0], &first_status))
      return ROW_UNREADABLE;
   for (size_t i = 1; i < count; i++) {
      struct stat status;
      if (!find_source(r, originals[i], &status))
         return ROW_UNREADABLE;
      if (!S_ISREG(first_status.st_mode) || !S_ISREG(status.st_mode) ||
          status.st_size != first_status.st_size)
         return ROW_NOT_IDENTICAL;
      /* Read only once the first pair's sizes agree. */
      if (i == 1) {
         if (!load_source(r, originals[0], first))
            return ROW_UNREADABLE;
         *oldest = first->mtime;
      }
      source other;
      if (!load_source(r, originals[i], &other))
         return ROW_UNREADABLE;
      int same = other.length == first->length &&
                 memcmp(other.text, first->text, first->length) == 0;
      if (same && earlier(other.mtime, *oldest))
         *oldest = other.mtime;
      free_source(&other);
      if (!same)
         return ROW_NOT_IDENTICAL;
   }
   if (count == 1) {
      if (!load_source(r, originals[0], first))
         return ROW_UNREADABLE;
      *oldest = first->mtime;
   }
   return 0;
}

/* A line of a source file: its bytes, which may include NUL. */
typedef struct source_line {
   const char* text;
   size_t length;
} source_line;

/* The length of the last character of the LENGTH bytes at TEXT (at least
 * one): a whole UTF-8 sequence where one ends them, else one byte.  The
 * established report reads sources as UTF-8 text and drops characters,
 * not bytes. */
static size_t last_character_length(const char* text, size_t length)
{
   const unsigned char* bytes = (const unsigned char*)text;
   size_t continuation = 0;
   while (continuation < 3 && continuation + 1 < length &&
          (bytes[length - 1 - continuation] & 0xC0) == 0x80)
      continuation++;
   unsigned char lead = bytes[length - 1 - continuation];
   size_t sequence = lead >= 0xF0 && lead <= 0xF4   ? 4
                     : lead >= 0xE0 && lead <= 0xEF ? 3
                     : lead >= 0xC2 && lead <= 0xDF ? 2
                                                    : 1;
   return continuation > 0 && sequence == continuation + 1 ? sequence : 1;
}

/* Splits TEXT into lines, CR LF and lone CR counting as LF.  Each line
 * loses its last character, which is its newline; a last line without one
 * loses a character of its own (a whole UTF-8 character), as in the
 * established report.  The lines point into TEXT. */
static source_line* split_lines(const char* text, size_t length,
                                size_t* count)
{
   source_line* lines = NULL;
   size_t n = 0, capacity = 0, start = 0;
   for (size_t i = 0; i <= length; i++) {
      int end_of_text = i == length;
      if (!end_of_text && text[i] != '\n' && text[i] != '\r')
         continue;
      if (end_of_text && i == start)
         break;
      size_t end =
         end_of_text ? i - last_character_length(text + start, i - start) : i;
      if (!end_of_text && text[i] == '\r' && i + 1 < length &&
          text[i + 1] == '\n')
         i++;
      if (n == capacity) {
         capacity = capacity ? capacity * 2 : 1024;
         lines = cg_xreallocarray(lines, capacity, sizeof *lines);
      }
      lines[n++] = (source_line){text + start, end - start};
      start = i + 1;
   }
   *count = n;
   return lines;
}

/* The label of a source line's row: the line itself, all its bytes. */
static void print_source_line(const report* r, const source_line* line)
{
   putc(' ', r->out);
   fwrite(line->text, 1, line->length, r->out);
   putc('\n', r->out);
}

/* ---- one file ---- */

static void print_originals(const report* r, const char* why,
                            char** originals, size_t count)
{
   fprintf(r->out, "Unannotated because %s:\n", why);
   for (size_t i = 0; i < count; i++)
      fprintf(r->out, "- %s\n", originals[i]);
   putc('\n', r->out);
}

static void print_newer_warnings(const report* r, char** originals,
                                 size_t count, struct timespec oldest)
{
   for (size_t d = 0; d < r->data_count; d++) {
      struct stat status;
      if (stat(r->data_paths[d], &status) != 0)
         continue;
      if (!earlier(status.st_mtim, oldest))
         continue;
      fprintf(r->out, "%s\n%s\n%s\n", at_rule, at_warning, at_rule);
      fprintf(r->out,
              "@ Original source files are all newer than data file '%s':\n",
              r->data_paths[d]);
      for (size_t i = 0; i < count; i++)
         fprintf(r->out, "@ - %s\n", originals[i]);
      fprintf(r->out, "@ Annotations may not be correct.\n%s\n\n", at_rule);
   }
}

static void print_range_mark(const report* r, uint64_t line)
{
   fprintf(r->out, "-- line %llu ----------------------------------------\n",
           (unsigned long long)line);
}

/* A + B, or the largest line number where that would overflow (a context
 * as large as any int is allowed, and line numbers up to 2^64 - 1). */
static uint64_t saturated_sum(uint64_t a, uint64_t b)
{
   return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Prints the lines around the counted ones; returns the index of the
 * first counted line past the end of the source. */
static size_t print_ranges(const annotator* a, const column_width* widths,
                           const file_counts* counts,
                           const source_line* text,
                           size_t text_lines)
{
   const report* r = a->r;
   uint64_t context = (uint64_t)r->context;
   size_t i = counts->line_count > 0 && counts->lines[0].line == 0;
   size_t next = i; /* the next counted line to print */
   while (i < counts->line_count) {
      uint64_t low = counts->lines[i].line > context
                        ? counts->lines[i].line - context
                        : 1;
      size_t last = i;
      while (last + 1 < counts->line_count &&
             counts->lines[last + 1].line <=
                saturated_sum(counts->lines[last].line, 2 * context))
         last++;
      uint64_t high = saturated_sum(counts->lines[last].line, context);
      i = last + 1;
      /* Skipping the lines before the range is what runs out of text and
       * ends the annotation; a range that starts just past the last line
       * skips only lines there are, so it gets its mark and then stops. */
      if (low - 1 > text_lines)
         break;
      if (low != 1)
         print_range_mark(r, low);
      for (uint64_t n = low; n <= high; n++) {
         if (n > text_lines)
            goto past_end;
         if (next < counts->line_count && counts->lines[next].line == n)
            print_cells(r, widths, PERCENT_PLAIN, "",
                        counts->lines[next++].counts, NULL);
         else
            print_missing_cells(r, widths);
         print_source_line(r, &text[n - 1]);
      }
      print_range_mark(r, high);
   }
past_end:
   while (next < counts->line_count &&
          counts->lines[next].line <= text_lines)
      next++;
   return next;
}

static void print_past_end(const annotator* a, const column_width* widths,
                           const file_counts* counts, size_t first,
                           const char* original)
{
   const report* r = a->r;
   char label[48];
   putc('\n', r->out);
   for (size_t i = first; i < counts->line_count; i++) {
      snprintf(label, sizeof label, "<bogus line %llu>",
               (unsigned long long)counts->lines[i].line);
      print_count_row(r, widths, PERCENT_PLAIN, "", counts->lines[i].counts,
                      NULL, " ", label);
   }
   fprintf(r->out, "\n%s\n%s\n%s\n", at_rule, at_warning, at_rule);
   fprintf(r->out,
           "@@ Information recorded about lines past the end of '%s'.\n%s\n",
           original, at_rule);
}

static void annotate_text(annotator* a, const file_counts* counts,
                          source* text_source, const char* original)
{
   const report* r = a->r;
   size_t text_lines;
   source_line* text = split_lines(text_source->text, text_source->length,
                                   &text_lines);
   column_extent* extents = extents_new(r);
   for (size_t i = 0; i < counts->line_count; i++)
      extents_add(r, extents, counts->lines[i].counts);
   column_width* widths = widths_from(r, extents, PERCENT_PLAIN);
   print_header_row(r, widths, "", "");
   putc('\n', r->out);

   size_t first_line = 0;
   if (counts->line_count > 0 && counts->lines[0].line == 0) {
      print_count_row(r, widths, PERCENT_PLAIN, "", counts->lines[0].counts,
                      NULL, " ", "<unknown (line 0)>");
      putc('\n', r->out);
      cg_sum_add_sum(a->rows[ROW_UNKNOWN_LINES], counts->lines[0].sum,
                     r->profile->event_count);
      first_line = 1;
   }
   for (size_t i = first_line; i < counts->line_count; i++)
      cg_sum_add_sum(a->rows[ROW_KNOWN_LINES], counts->lines[i].sum,
                     r->profile->event_count);
   size_t past_end = print_ranges(a, widths, counts, text, text_lines);
   if (past_end < counts->line_count)
      print_past_end(a, widths, counts, past_end, original);
   if (first_line < counts->line_count)
      putc('\n', r->out);

   free(text);
   free(widths);
   free(extents);
}

static int by_text(const void* a, const void* b)
{
   return strcmp(*(char* const*)a, *(char* const*)b);
}

/* Whether the name of id ID was a file's name in an fl= line. */
static int is_original(const cg_profile* p, size_t id)
{
   return id < p->name_use_capacity && p->name_use[id].named_in_file_line;
}

/* Fills A's index of the original names of each renamed file, once for
 * all files (looking through every name for each file would take time
 * in the square of their number). */
static void index_originals(annotator* a)
{
   const cg_profile* p = a->lines;
   size_t names = p->names.count;
   a->original_start = cg_xcalloc(names + 1, sizeof(size_t));
   for (size_t id = 0; id < names; id++)
      if (is_original(p, id))
         a->original_start[p->name_use[id].renamed[CG_AS_FILE] + 1]++;
   for (size_t id = 0; id < names; id++)
      a->original_start[id + 1] += a->original_start[id];
   a->original_ids = cg_xcalloc(a->original_start[names], sizeof(cg_name_id));
   size_t* next = cg_xcalloc(names, sizeof(size_t));
   for (size_t id = 0; id < names; id++) {
      if (!is_original(p, id))
         continue;
      cg_name_id renamed = p->name_use[id].renamed[CG_AS_FILE];
      a->original_ids[a->original_start[renamed] + next[renamed]++] =
         (cg_name_id)id;
   }
   free(next);
}

/* The original names that were renamed to NAME, in byte order; none
 * (NULL) for a file named by the user that is not in the profile. */
static char** originals_of(const annotator* a, const char* name,
                           size_t* count)
{
   const cg_profile* p = a->lines;
   char** originals = NULL;
   size_t n = 0;
   cg_name_id renamed;
   if (cg_names_find(&p->names, name, strlen(name), &renamed)) {
      size_t first = a->original_start[renamed];
      n = a->original_start[renamed + 1] - first;
      originals = cg_xcalloc(n, sizeof(char*));
      for (size_t i = 0; i < n; i++)
         originals[i] = p->names.text[a->original_ids[first + i]];
   }
   if (n > 0)
      qsort(originals, n, sizeof *originals, by_text);
   *count = n;
   return originals;
}

/* Whether none of the COUNT files NAMES can be found. */
static int none_found(const report* r, char* const* names, size_t count)
{
   struct stat status;
   for (size_t i = 0; i < count; i++)
      if (find_source(r, names[i], &status))
         return 0;
   return 1;
}

static void annotate_file(annotator* a, const planned_file* file)
{
   const report* r = a->r;
   const char* name = file->name;
   size_t count;
   size_t heading_size = strlen(name) + 32;
   char* heading = cg_xmalloc(heading_size);
   snprintf(heading, heading_size, "Annotated source file: %s", name);
   print_heading(r, heading);
   free(heading);
   char** originals = originals_of(a, name, &count);
   if (count == 0) {
      /* Nothing of it to show, and nothing for the summary's rows. */
      fprintf(r->out, "No information has been collected for %s\n\n", name);
      free(originals);
      return;
   }
   /* Where no file by its names can be found, the source named for it
    * on the command line stands in for them. */
   if (file->stand_in != NULL && none_found(r, originals, count)) {
      originals[0] = file->stand_in;
      count = 1;
      fprintf(r->out, "Read from %s, named on the command line.\n\n",
              file->stand_in);
   }
   file_counts counts = counts_of_file(a, name);
   source first;
   struct timespec oldest;
   int state = read_originals(r, originals, count, &first, &oldest);
   if (state == ROW_UNREADABLE) {
      print_originals(r, "one or more of these original files are "
                         "unreadable", originals, count);
      cg_sum_add_sum(a->rows[ROW_UNREADABLE], counts.total,
                     r->profile->event_count);
   } else if (state == ROW_NOT_IDENTICAL) {
      print_originals(r, "two or more of these original files are not "
                         "identical", originals, count);
      cg_sum_add_sum(a->rows[ROW_NOT_IDENTICAL], counts.total,
                     r->profile->event_count);
   } else {
      if (strcmp(first.path, originals[0]) != 0)
         fprintf(r->out, "Read from %s, found under an -I folder.\n\n",
                 first.path);
      print_newer_warnings(r, originals, count, oldest);
      /* Every counted line of an annotated file is shown. */
      size_t events = r->profile->event_count;
      counts.shown = cg_xcalloc(counts.line_count * events, sizeof(cg_count));
      for (size_t i = 0; i < counts.line_count; i++) {
         line_count* line = &counts.lines[i];
         line->counts = counts.shown + i * events;
         report_narrow(r, line->counts, line->sum, "line %llu of %s",
                       (unsigned long long)line->line, name);
      }
      annotate_text(a, &counts, &first, originals[0]);
   }
   free_source(&first);
   free(originals);
   free_file_counts(&counts);
}

/* ---- the summary ---- */

static void print_list(const cg_sum* counts, size_t events)
{
   char number[48];
   fputc('[', stderr);
   for (size_t e = 0; e < events; e++) {
      cg_format_sum(number, counts[e]);
      fprintf(stderr, "%s%s", e ? ", " : "", number);
   }
   fputs("]\n", stderr);
}

static int print_annotation_summary(annotator* a)
{
   const report* r = a->r;
   size_t events = a->lines->event_count;
   column_extent* extents = extents_new(r);
   cg_count* shown[ROW_COUNT];
   cg_sum* annotated = cg_xcalloc(events, sizeof(cg_sum));
   cg_sum* summary = cg_xcalloc(events, sizeof(cg_sum));
   cg_sum_add(summary, r->profile->summary, events);
   for (int row = 0; row < ROW_COUNT; row++) {
      shown[row] = cg_xcalloc(events, sizeof(cg_count));
      report_narrow(r, shown[row], a->rows[row], "the annotation summary");
      extents_add(r, extents, shown[row]);
      cg_sum_add_sum(annotated, a->rows[row], events);
   }
   column_width* widths = widths_from(r, extents, PERCENT_PLAIN);
   char labels[ROW_COUNT][96];
   make_row_labels(r, labels);
   print_heading(r, "Annotation summary");
   print_header_row(r, widths, "", "");
   putc('\n', r->out);
   for (int row = 0; row < ROW_COUNT; row++)
      print_count_row(r, widths, PERCENT_PLAIN, "", shown[row], NULL, " ",
                      labels[row]);
   putc('\n', r->out);
   int adds_up = memcmp(annotated, summary, events * sizeof(cg_sum)) == 0;
   if (!adds_up) {
      report_deliver(r); /* the report first, as the established tool */
      fprintf(stderr, "%s: error: `summary:` line doesn't match computed "
                      "annotated counts\n- summary:   ",
              cg_program_name());
      print_list(summary, events);
      fputs("- annotated: ", stderr);
      print_list(annotated, events);
   }
   for (int row = 0; row < ROW_COUNT; row++)
      free(shown[row]);
   free(annotated);
   free(summary);
   free(widths);
   free(extents);
   return adds_up;
}

int print_source_sections(const report* r, const annotation_plan* plan,
                          const cg_profile* lines)
{
   size_t events = lines->event_count;
   annotator a = {r, lines, NULL, {NULL}, NULL, NULL};
   for (int row = 0; row < ROW_COUNT; row++)
      a.rows[row] = cg_xcalloc(events, sizeof(cg_sum));
   cg_sum_add_sum(a.rows[ROW_BELOW_THRESHOLD], plan->below_threshold,
                      events);
   cg_sum_add_sum(a.rows[ROW_FILES_UNKNOWN], plan->files_unknown, events);
   index_originals(&a);
   a.entry_order = cg_xcalloc(lines->entry_count, sizeof(size_t));
   for (size_t e = 0; e < lines->entry_count; e++)
      a.entry_order[e] = e;
   sorted_lines = lines;
   qsort(a.entry_order, lines->entry_count, sizeof(size_t),
         by_file_then_line);

   for (size_t f = 0; f < plan->file_count; f++)
      annotate_file(&a, &plan->files[f]);
   int adds_up = print_annotation_summary(&a);
   for (int row = 0; row < ROW_COUNT; row++)
      free(a.rows[row]);
   free(a.entry_order);
   free(a.original_start);
   free(a.original_ids);
   return adds_up;
}
