/* cg_profile_read.c: reads a cachegrind.out file into a profile, in one
 * streaming pass that keeps no text, only names and counts.
 *
 * The contract.  A data file is a header, then a body.
 *
 *   Header, up to and including the events: line:
 *     desc: TEXT      any number; TEXT is kept (leading blanks dropped)
 *     cmd: TEXT       exactly one, before events:
 *     events: A B ..  one or more event names, separated by blanks
 *     KEY: VALUE      any other such line is kept out of the way (ignored),
 *                     except "positions:" naming anything but "line"
 *                     (blanks may follow it), and
 *                     "summary:" or "totals:", which end the header before
 *                     its events: line ("missing an `events:` line")
 *   Body:
 *     fl=NAME         the file of the count lines that follow; the function
 *                     becomes the rules' unnamed function until an fn=
 *     fn=NAME         the function of the count lines that follow
 *     fi=NAME, fe=NAME  (only if the rules accept them) the file of the
 *                     count lines that follow, the function unchanged
 *     LINE C1 C2 ..   a count line: a line number (digits) and at most one
 *                     count per event, each a signed 64-bit integer or "."
 *                     for zero; missing trailing counts are zero; as in
 *                     Python's int(), an underscore may stand between two
 *                     digits
 *     summary: C1 ..  (or totals:) once, after every count line; it must
 *                     equal the sum of the file's count lines
 *   Blanks are the ASCII whitespace Python's str.split() splits on: space,
 *   tab, VT, FF and the separators 0x1c to 0x1f.
 *   Anywhere: empty or blank lines and lines starting with '#' are skipped;
 *   lines end at an LF, a CR LF or a lone CR; the last line needs no end.
 *   Names may be Callgrind-compressed: "(N) NAME" names N, "(N)" reuses it
 *   (files and functions are numbered separately).
 *
 * Every rejection is one line, "FILE:LINE: what", in profile->error:
 *     missing a `command:` line          missing an `events:` line
 *     more than one `cmd:` line          `events:` line names no events
 *     unsupported `positions:` line: ... malformed line: TEXT
 *     malformed or too many event counts line number too large
 *     event count out of 64-bit range
 *     name (N) used before it was defined   NUL byte in a name
 *     name number too large: (N)         (more than 18 digits)
 *     --mod-filename: WHY, --mod-funcname: WHY  (a renaming failed)
 *     too many distinct names, too many distinct (file, function) pairs,
 *     too many distinct lines            (past 2^31 of them)
 *     more than one `summary:` line      line after the `summary:` line: ..
 *     missing `summary:` line, aborting  (LINE is one past the last line)
 *     `summary:` line doesn't match computed total: ...
 *     events in data files don't match   (no FILE:LINE; the detail is in
 *                                         profile->error_detail)
 *     what rules.check_events refused     (its own message, no FILE:LINE)
 *     [Errno N] REASON: 'FILE'           (cannot open or read it)
 * A message that quotes a line holding a NUL byte says "NUL byte" in the
 * place of its text, which would end there.  Paths, names and lines are
 * given whole, however long.
 *
 * Sums of counts (a line's or a function's over the file, and the
 * profile's over the files read into it) may leave 64 bits on the way and
 * come back: only their final values must fit, which the caller checks
 * with cg_profile_counts_fit() once the last file is read.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cg_alloc.h"
#include "cg_profile.h"

enum { NO_PAIR = -1 };
/* The most entries a file's size makes the entry table ready for: 8 M,
 * a table of 128 MB (see read_file()). */
enum { MOST_ENTRIES_EXPECTED = 1 << 23 };

typedef struct reader {
   cg_profile* profile;
   const char* path;
   int sign;
   jmp_buf failed;

   /* The input text: BUFFER[START, END) is read but not yet used. */
   int fd;
   char* buffer;
   size_t capacity, start, end;
   /* Where the searches for the next LF and the next CR stopped: at that
    * character, or at END if there was none; no byte from START up to
    * either is the character searched for (see next_line()). */
   size_t next_lf, next_cr;
   int at_eof;
   uint64_t line_number;

   cg_input* input;
   size_t description_capacity;
   int have_command;
   cg_count* counts;      /* the count line being parsed */
   cg_sum* input_total;   /* this file's own sum, unsigned by SIGN: only
                           * compared with its summary: line, so taken
                           * exactly (a part may leave 64 bits) */
   cg_count* summary;     /* its summary: line */
   uint64_t summary_line; /* 0 until one is read */

   /* Where count lines go. */
   int have_file;
   cg_name_id file, function, unnamed_function;
   long pair;
   int pair_keeps_lines;
   size_t last_entry;     /* the entry of the last count line, or -1 */

   /* Callgrind name compression: "f:N" / "n:N" -> name id. */
   cg_names compressed_keys;
   cg_name_id* compressed_names;
} reader;

static void fail(reader* r, const char* format, ...)
   __attribute__((noreturn, format(printf, 2, 3)));

static void fail(reader* r, const char* format, ...)
{
   va_list args;
   va_start(args, format);
   char* message = cg_xvprintf(format, args);
   va_end(args);
   cg_profile_set_error(r->profile, "%s:%llu: %s", r->path,
                        (unsigned long long)r->line_number, message);
   free(message);
   longjmp(r->failed, 1);
}

/* Fails with WHAT and the text of LINE (LENGTH bytes), or with "NUL
 * byte" for the text where the line holds one, which would cut it short. */
static void fail_with_line(reader* r, const char* what, const char* line,
                           size_t length) __attribute__((noreturn));

static void fail_with_line(reader* r, const char* what, const char* line,
                           size_t length)
{
   if (memchr(line, '\0', length) != NULL)
      fail(r, "%s: NUL byte", what);
   fail(r, "%s: %s", what, line);
}

static void fail_errno(reader* r, int error)
{
   cg_profile_set_error(r->profile, "[Errno %d] %s: '%s'", error,
                        strerror(error), r->path);
   longjmp(r->failed, 1);
}

/* ---- lines ---- */

/* Reads more of the file after what is still unused, moved to the start
 * of the buffer.  The searches for the next LF and CR go on from where
 * they stopped: a line longer than one read is searched once, not again
 * after every read (a pipe gives 64 KB a read). */
static void refill(reader* r)
{
   if (r->start > 0) {
      memmove(r->buffer, r->buffer + r->start, r->end - r->start);
      r->next_lf -= r->start;
      r->next_cr -= r->start;
      r->end -= r->start;
      r->start = 0;
   }
   if (r->end + 1 >= r->capacity) {
      r->capacity *= 2;
      r->buffer = cg_xreallocarray(r->buffer, r->capacity, 1);
   }
   for (;;) {
      ssize_t got = read(r->fd, r->buffer + r->end, r->capacity - r->end - 1);
      if (got > 0) {
         r->end += (size_t)got;
         return;
      }
      if (got == 0) {
         r->at_eof = 1;
         return;
      }
      if (errno != EINTR)
         fail_errno(r, errno);
   }
}

/* The offset of the first C in BUFFER[START, END), or END if there is
 * none, given that none lies before the offset SEARCHED (where the last
 * search for it stopped, if not since passed by START). */
static size_t next_offset_of(const reader* r, size_t searched, char c)
{
   size_t from = searched > r->start ? searched : r->start;
   const char* found = memchr(r->buffer + from, c, r->end - from);
   return found ? (size_t)(found - r->buffer) : r->end;
}

/* Returns the next line, NUL-terminated, without its line end, and its
 * length in *LENGTH; NULL at the end of the file.  A line ends, as in
 * Python's universal newlines, at an LF, a CR LF or a lone CR.  The next LF
 * and the next CR are searched for each from where the last search of it
 * stopped, so that a file without CRs is searched for them once in all,
 * as is one without LFs (lone CRs).  Counts every attempt in
 * line_number, so an error at the end names the line after the last. */
static char* next_line(reader* r, size_t* length)
{
   r->line_number++;
   for (;;) {
      r->next_lf = next_offset_of(r, r->next_lf, '\n');
      r->next_cr = next_offset_of(r, r->next_cr, '\r');
      size_t end = r->next_lf < r->next_cr ? r->next_lf : r->next_cr;
      size_t after = end + 1;
      if (end == r->next_cr && end < r->end) {
         /* A CR last in the buffer may be the first half of a CR LF. */
         if (after == r->end && !r->at_eof) {
            refill(r);
            continue;
         }
         if (after < r->end && r->buffer[after] == '\n')
            after++;
      }
      if (end == r->end) {
         if (!r->at_eof) {
            refill(r);
            continue;
         }
         if (r->start == r->end)
            return NULL;
         after = end; /* a last line with no line end */
      }
      char* begin = r->buffer + r->start;
      *length = end - r->start;
      begin[*length] = '\0';
      r->start = after;
      return begin;
   }
}

static int is_blank_line(const char* line, size_t length)
{
   for (size_t i = 0; i < length; i++)
      if (!cg_is_blank(line[i]))
         return 0;
   return 1;
}

/* If LINE is "KEY:" followed by a blank or nothing, returns the text after
 * the blanks; otherwise NULL. */
static const char* header_value(const char* line, const char* key)
{
   size_t key_length = strlen(key);
   if (strncmp(line, key, key_length) != 0)
      return NULL;
   const char* value = line + key_length;
   if (*value != '\0' && !cg_is_blank(*value))
      return NULL;
   while (cg_is_blank(*value))
      value++;
   return value;
}

/* ---- counts ---- */

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Adds the digits at P to *SUM, as parse_digits() does; returns where
 * they end.  Fails with TOO_LARGE beyond 64 bits. */
static inline const char* add_digits(reader* r, const char* p, uint64_t* sum,
                                     const char* too_large)
{
   uint64_t value = *sum;
   for (; is_digit(*p); p++) {
      uint64_t digit = (uint64_t)(*p - '0');
      if (value >= UINT64_MAX / 10 &&
          (value > UINT64_MAX / 10 || digit > UINT64_MAX % 10))
         fail(r, "%s", too_large);
      value = value * 10 + digit;
   }
   *sum = value;
   return p;
}

/* The rest of a number from an underscore on: out of the hot path, where
 * a rare separator would cost the common digits their short loop. */
__attribute__((noinline)) static const char* add_separated_digits(
   reader* r, const char* p, uint64_t* sum, const char* too_large)
{
   while (*p == '_' && is_digit(p[1]))
      p = add_digits(r, p + 1, sum, too_large);
   return p;
}

/* Parses the digits at *AT, which start with one, into *VALUE, advancing
 * *AT past them.  As Python's int() does, an underscore between two digits
 * is allowed and skipped ("1_000").  Fails with TOO_LARGE beyond 64
 * bits. */
static inline void parse_digits(reader* r, const char** at, uint64_t* value,
                                const char* too_large)
{
   uint64_t sum = 0;
   const char* p = add_digits(r, *at, &sum, too_large);
   if (__builtin_expect(*p == '_', 0))
      p = add_separated_digits(r, p, &sum, too_large);
   *at = p;
   *value = sum;
}

/* Parses one count at *AT (a signed integer or "."), which must end at a
 * blank or at the end; advances *AT past it. */
static cg_count parse_count(reader* r, const char** at)
{
   const char* p = *at;
   int negative = 0;
   uint64_t value;
   if (*p == '.' && (p[1] == '\0' || cg_is_blank(p[1]))) {
      *at = p + 1;
      return 0;
   }
   if (*p == '-' || *p == '+')
      negative = *p++ == '-';
   if (!is_digit(*p))
      fail(r, "malformed or too many event counts");
   parse_digits(r, &p, &value, "event count out of 64-bit range");
   if (*p != '\0' && !cg_is_blank(*p))
      fail(r, "malformed or too many event counts");
   if (value > (uint64_t)INT64_MAX + negative)
      fail(r, "event count out of 64-bit range");
   *at = p;
   return negative ? (cg_count)(0 - value) : (cg_count)value;
}

/* Parses the counts from AT to END, the end of the line, into r->counts.
 * A NUL byte before END would hide the rest of the line: it is an error. */
static void parse_counts(reader* r, const char* at, const char* end)
{
   size_t events = r->profile->event_count;
   size_t parsed = 0;
   for (;;) {
      while (cg_is_blank(*at))
         at++;
      if (*at == '\0') {
         if (at != end)
            fail(r, "malformed line: NUL byte");
         break;
      }
      if (parsed == events)
         fail(r, "malformed or too many event counts");
      r->counts[parsed++] = parse_count(r, &at);
   }
   memset(r->counts + parsed, 0, (events - parsed) * sizeof(cg_count));
}

/* ---- names ---- */

static void ensure_name_use(cg_profile* profile)
{
   if (profile->name_use_capacity >= profile->names.count)
      return;
   size_t capacity = profile->names.capacity;
   profile->name_use =
      cg_xreallocarray(profile->name_use, capacity, sizeof(cg_name_use));
   memset(profile->name_use + profile->name_use_capacity, 0,
          (capacity - profile->name_use_capacity) * sizeof(cg_name_use));
   profile->name_use_capacity = capacity;
}

/* Returns the id of the name in a position line's value, undoing
 * Callgrind's name compression; SPACE tells files from functions. */
static cg_name_id read_name(reader* r, char space, const char* text,
                            size_t length)
{
   /* Ids are 32-bit: refused well before they could wrap (each name read
    * adds at most its renamings besides). */
   if (r->profile->names.count >= UINT32_MAX / 2)
      fail(r, "too many distinct names");
   if (memchr(text, '\0', length) != NULL)
      fail(r, "NUL byte in a name");
   size_t digits = cg_compressed_name_digits(text, length);
   const char* after = text + 1 + digits;
   if (digits == 0)
      return cg_names_intern(&r->profile->names, text, length);

   if (digits > 18)
      fail(r, "name number too large: %.*s", (int)(digits + 2), text);
   char key[32];
   int key_length =
      snprintf(key, sizeof key, "%c:%.*s", space, (int)digits, text + 1);
   if (after[1] == '\0') {
      cg_name_id slot;
      if (!cg_names_find(&r->compressed_keys, key, (size_t)key_length, &slot))
         fail(r, "name %s used before it was defined", text);
      return r->compressed_names[slot];
   }
   cg_name_id id = cg_names_intern(&r->profile->names, after + 2,
                                   length - (size_t)(after + 2 - text));
   cg_name_id slot =
      cg_names_intern(&r->compressed_keys, key, (size_t)key_length);
   r->compressed_names = cg_xreallocarray(
      r->compressed_names, r->compressed_keys.capacity, sizeof(cg_name_id));
   r->compressed_names[slot] = id;
   return id;
}

/* Returns NAME renamed by SUBST (interned), or NAME itself. */
static cg_name_id renamed(reader* r, cg_name_id name, const cg_subst* subst,
                          const char* option)
{
   if (subst == NULL)
      return name;
   cg_names* names = &r->profile->names;
   char why[256];
   size_t length;
   char* text = cg_subst_apply(subst, names->text[name], names->length[name],
                               &length, why, sizeof why);
   if (text == NULL)
      fail(r, "%s: %s", option, why);
   cg_name_id id = cg_names_intern(names, text, length);
   free(text);
   return id;
}

/* Returns the name of a position line (undoing name compression), as
 * renamed for its KIND; remembers names used for files. */
static cg_name_id position_name(reader* r, enum cg_name_kind kind,
                                const char* text, size_t length)
{
   static const char* const options[] = {"--mod-filename", "--mod-funcname"};
   cg_profile* profile = r->profile;
   const cg_subst* subst = kind == CG_AS_FILE ? profile->rules.file_subst
                                              : profile->rules.function_subst;
   cg_name_id name = read_name(r, kind == CG_AS_FILE ? 'f' : 'n', text, length);
   ensure_name_use(profile);
   if (!(profile->name_use[name].renamings_known & (1 << kind))) {
      cg_name_id new_name = renamed(r, name, subst, options[kind]);
      ensure_name_use(profile);
      profile->name_use[name].renamed[kind] = new_name;
      profile->name_use[name].renamings_known |= 1 << kind;
   }
   if (kind == CG_AS_FILE)
      profile->name_use[name].named_in_file_line = 1;
   return profile->name_use[name].renamed[kind];
}

static int file_keeps_lines(cg_profile* profile, cg_name_id file)
{
   if (profile->rules.keep_lines == NULL)
      return 1;
   cg_name_use* use = &profile->name_use[file];
   if (use->keeps_lines == 0)
      use->keeps_lines = profile->rules.keep_lines(
                            profile->rules.keep_lines_context,
                            profile->names.text[file])
                            ? 1
                            : 2;
   return use->keeps_lines == 1;
}

/* ---- the header ---- */

static void read_events(reader* r, const char* value)
{
   cg_profile* profile = r->profile;
   char** names = NULL;
   size_t count = 0, capacity = 0;
   while (*value != '\0') {
      size_t length = 0;
      while (value[length] != '\0' && !cg_is_blank(value[length]))
         length++;
      /* Grown by doubling: one name at a time is quadratic wherever
       * realloc copies (100,000 events took minutes under ASan). */
      if (count == capacity) {
         capacity = capacity ? capacity * 2 : 16;
         names = cg_xreallocarray(names, capacity, sizeof *names);
      }
      names[count++] = cg_xstrndup(value, length);
      value += length;
      while (cg_is_blank(*value))
         value++;
   }
   int matches = profile->event_count == 0 || profile->event_count == count;
   for (size_t e = 0; matches && profile->event_count && e < count; e++)
      matches = strcmp(names[e], profile->event_names[e]) == 0;
   const cg_read_rules* rules = &profile->rules;
   char* refusal = NULL;
   int accepted = count == 0 || rules->check_events == NULL ||
                  rules->check_events(rules->check_events_context, names,
                                      count, &refusal);
   if (count == 0 || !accepted || !matches) {
      for (size_t e = 0; e < count; e++)
         free(names[e]);
      free(names);
      if (count == 0)
         fail(r, "`events:` line names no events");
      if (!accepted) {
         free(profile->error);
         profile->error = refusal;
         longjmp(r->failed, 1);
      }
      free(profile->error_detail);
      profile->error_detail =
         cg_xprintf("%s:%llu has other events than %s", r->path,
                    (unsigned long long)r->line_number,
                    profile->inputs[0].path);
      cg_profile_set_error(profile, "events in data files don't match");
      longjmp(r->failed, 1);
   }
   if (profile->event_count == 0) {
      profile->event_count = count;
      profile->event_names = names;
      profile->summary = cg_xcalloc(count, sizeof(cg_count));
   } else {
      for (size_t e = 0; e < count; e++)
         free(names[e]);
      free(names);
   }
}

/* A line the header does not expect: says which header line is missing. */
static void fail_in_header(reader* r)
{
   if (!r->have_command)
      fail(r, "missing a `command:` line");
   fail(r, "missing an `events:` line");
}

static int is_header_key(const char* line)
{
   size_t length = strspn(line, "abcdefghijklmnopqrstuvwxyz"
                                "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-");
   return length > 0 && line[length] == ':' &&
          (line[length + 1] == '\0' || cg_is_blank(line[length + 1]));
}

static void read_header(reader* r)
{
   cg_input* input = r->input;
   size_t length;
   char* line;
   const char* value;
   while ((line = next_line(r, &length)) != NULL) {
      if (line[0] == '#' || is_blank_line(line, length))
         continue;
      if (memchr(line, '\0', length) != NULL)
         fail(r, "malformed line: NUL byte");
      if ((value = header_value(line, "desc:")) != NULL) {
         /* Grown by doubling, as the events are (see read_events()). */
         if (input->description_count == r->description_capacity) {
            r->description_capacity = r->description_capacity
                                         ? r->description_capacity * 2 : 4;
            input->descriptions =
               cg_xreallocarray(input->descriptions, r->description_capacity,
                                sizeof(char*));
         }
         input->descriptions[input->description_count++] =
            cg_xstrndup(value, strlen(value));
      } else if ((value = header_value(line, "cmd:")) != NULL) {
         if (r->have_command)
            fail(r, "more than one `cmd:` line");
         input->command = cg_xstrndup(value, strlen(value));
         r->have_command = 1;
      } else if ((value = header_value(line, "events:")) != NULL) {
         if (!r->have_command)
            fail_in_header(r);
         read_events(r, value);
         return;
      } else if ((value = header_value(line, "positions:")) != NULL) {
         /* Blanks after the one position allowed, as after events. */
         size_t named = strlen(value);
         while (named > 0 && cg_is_blank(value[named - 1]))
            named--;
         if (named != 4 || memcmp(value, "line", 4) != 0)
            fail(r, "unsupported `positions:` line: %s", value);
      } else if (!is_header_key(line) || header_value(line, "summary:") ||
                 header_value(line, "totals:")) {
         fail_in_header(r);
      }
   }
   fail_in_header(r);
}

/* ---- the body ---- */

/* The pair (file, function) that count lines now go to; as many pairs as
 * a 32-bit index can number are refused, with the line. */
static uint32_t current_pair(reader* r)
{
   if (r->profile->pair_count >= UINT32_MAX / 2)
      fail(r, "too many distinct (file, function) pairs");
   return cg_profile_pair(r->profile, r->file, r->function);
}

static void read_count_line(reader* r, const char* line, size_t length)
{
   uint64_t line_in_source;
   const char* at = line;
   parse_digits(r, &at, &line_in_source, "line number too large");
   if (*at != '\0' && !cg_is_blank(*at))
      fail(r, "malformed or too many event counts");
   parse_counts(r, at, line + length);
   cg_sum_add(r->input_total, r->counts, r->profile->event_count);

   cg_profile* profile = r->profile;
   if (!r->have_file)
      return;
   if (r->pair == NO_PAIR) {
      r->pair = (long)current_pair(r);
      r->pair_keeps_lines = file_keeps_lines(profile, r->file);
   }
   cg_profile_add(profile, CG_IN_PAIR, (size_t)r->pair, r->counts, r->sign);
   if (r->pair_keeps_lines) {
      if (profile->entry_count >= UINT32_MAX / 2)
         fail(r, "too many distinct lines");
      /* Profiles of one program list their lines in the same order, so
       * the entry after the last one used is usually the one wanted. */
      size_t entry = r->last_entry + 1;
      if (entry >= profile->entry_count ||
          profile->entry_pair[entry] != (uint32_t)r->pair ||
          profile->entry_line[entry] != line_in_source)
         entry = cg_profile_entry(profile, (uint32_t)r->pair, line_in_source);
      r->last_entry = entry;
      cg_profile_add(profile, CG_IN_ENTRY, entry, r->counts, r->sign);
   }
}

static void read_position_line(reader* r, const char* line, size_t length)
{
   cg_profile* profile = r->profile;
   const char* name = line + 3;
   size_t name_length = length - 3;
   switch (line[1]) {
   case 'l':
      r->file = position_name(r, CG_AS_FILE, name, name_length);
      r->have_file = 1;
      r->function = r->unnamed_function;
      if (profile->rules.record_unnamed_on_file_line)
         current_pair(r);
      break;
   case 'i':
   case 'e':
      if (!profile->rules.accept_inline_files)
         fail_with_line(r, "malformed line", line, length);
      r->file = position_name(r, CG_AS_FILE, name, name_length);
      r->have_file = 1;
      break;
   case 'n':
      r->function = position_name(r, CG_AS_FUNCTION, name, name_length);
      break;
   default:
      fail_with_line(r, "malformed line", line, length);
   }
   r->pair = NO_PAIR;
}

static void read_summary_line(reader* r, const char* value, const char* end)
{
   if (r->summary_line != 0)
      fail(r, "more than one `summary:` line");
   parse_counts(r, value, end);
   memcpy(r->summary, r->counts,
          r->profile->event_count * sizeof(cg_count));
   r->summary_line = r->line_number;
}

static void read_body(reader* r)
{
   size_t length;
   char* line;
   const char* value;
   while ((line = next_line(r, &length)) != NULL) {
      char first = line[0];
      if (first == '#' || is_blank_line(line, length))
         continue;
      if (is_digit(first) && r->summary_line == 0)
         read_count_line(r, line, length);
      else if ((value = header_value(line, "summary:")) != NULL ||
               (value = header_value(line, "totals:")) != NULL)
         read_summary_line(r, value, line + length);
      else if (r->summary_line != 0)
         fail_with_line(r, "line after the `summary:` line", line, length);
      else if (first == 'f' && length >= 3 && line[2] == '=')
         read_position_line(r, line, length);
      else
         fail_with_line(r, "malformed line", line, length);
   }
}

/* The summary must equal the file's own total; then it joins the
 * profile's. */
static void check_summary(reader* r)
{
   cg_profile* profile = r->profile;
   if (r->summary_line == 0)
      fail(r, "missing `summary:` line, aborting");
   for (size_t e = 0; e < profile->event_count; e++) {
      if (r->summary[e] != r->input_total[e]) {
         char total[48];
         cg_format_sum(total, r->input_total[e]);
         r->line_number = r->summary_line;
         fail(r,
              "`summary:` line doesn't match computed total: %s is %lld "
              "in the summary, %s in the counts",
              profile->event_names[e], (long long)r->summary[e], total);
      }
   }
   cg_profile_add(profile, CG_IN_SUMMARY, 0, r->summary, r->sign);
}

/* ---- the whole file ---- */

static void start_input(reader* r)
{
   cg_profile* profile = r->profile;
   profile->inputs = cg_xreallocarray(
      profile->inputs, profile->input_count + 1, sizeof(cg_input));
   r->input = &profile->inputs[profile->input_count++];
   memset(r->input, 0, sizeof *r->input);
   r->input->path = cg_xstrndup(r->path, strlen(r->path));
}

static void read_file(reader* r)
{
   struct stat status;
   r->fd = open(r->path, O_RDONLY);
   if (r->fd < 0)
      fail_errno(r, errno);
   if (fstat(r->fd, &status) != 0)
      fail_errno(r, errno);
   if (S_ISDIR(status.st_mode))
      fail_errno(r, EISDIR);
   /* Count lines are rarely shorter than 32 bytes: size the entry table
    * for this many once, rather than growing it step by step.  Only up to
    * a bound: a file's size says what it may hold, not what it does (a
    * large file of comments needs no table), and growing is no dearer
    * than sizing from the start once the table is that large. */
   if (r->profile->rules.keep_lines == NULL && S_ISREG(status.st_mode)) {
      off_t expected = status.st_size / 32;
      cg_profile_expect_entries(
         r->profile, expected < MOST_ENTRIES_EXPECTED ? (size_t)expected
                                                     : MOST_ENTRIES_EXPECTED);
   }
   r->capacity = 1 << 20;
   r->buffer = cg_xmalloc(r->capacity);
   r->next_lf = r->next_cr = 0;
   start_input(r);
   read_header(r);

   size_t events = r->profile->event_count;
   r->counts = cg_xcalloc(events, sizeof(cg_count));
   r->input_total = cg_xcalloc(events, sizeof(cg_sum));
   r->summary = cg_xcalloc(events, sizeof(cg_count));
   r->unnamed_function =
      cg_names_intern(&r->profile->names, r->profile->rules.unnamed_function,
                      strlen(r->profile->rules.unnamed_function));
   r->function = r->unnamed_function;
   if (!r->profile->rules.total_only_before_file) {
      /* Not renamed: no fl= or fn= line named them. */
      r->file = r->function = cg_names_intern(&r->profile->names, "", 0);
      r->have_file = 1;
      ensure_name_use(r->profile);
   }
   read_body(r);
   check_summary(r);
}

int cg_profile_read(cg_profile* profile, const char* path, int sign)
{
   /* On the heap: the reader changes between setjmp() and longjmp(), and
    * a local object of this function that did would be indeterminate
    * after the jump (C11 7.13.2.1), the pointer itself never changing. */
   reader* const r = cg_xcalloc(1, sizeof *r);
   r->profile = profile;
   r->path = path;
   r->sign = sign;
   r->fd = -1;
   r->pair = NO_PAIR;
   r->last_entry = (size_t)-1;
   cg_names_init(&r->compressed_keys);
   int ok = 0;
   cg_alloc_reading(path, &r->line_number);
   if (setjmp(r->failed) == 0) {
      read_file(r);
      ok = 1;
   }
   cg_alloc_reading(NULL, NULL);
   if (r->fd >= 0)
      close(r->fd);
   free(r->buffer);
   free(r->counts);
   free(r->input_total);
   free(r->summary);
   free(r->compressed_names);
   cg_names_free(&r->compressed_keys);
   free(r);
   return ok;
}
