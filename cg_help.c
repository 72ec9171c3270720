/* cg_help.c: usage and --help texts laid out as Python's argparse lays
 * them out (see cg_help.h), so that the programs' usage errors and help
 * look, at any terminal width, as those of the established programs do.
 *
 * The rules, as argparse follows them:
 * - the usage is "usage: PROG" and the parts on one line if that fits the
 *   width; otherwise the option parts are wrapped after the name and the
 *   positional parts start a line of their own, both indented under the
 *   first part, or, when the name takes more than three quarters of the
 *   width, every part goes below the name, indented by "usage: ";
 * - each argument's help starts at a column of at most 24, and is word
 *   wrapped (by the rules of Python's textwrap, which also break words
 *   at some hyphens and cut words longer than a line) to what is left of
 *   the width, and never to fewer than 11 columns.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cg_alloc.h"
#include "cg_help.h"

/* No line is this long, so a wider $COLUMNS lays out as this one does;
 * capping it keeps the arithmetic in range. */
#define WIDTH_CAP 1000000

/* ---- the width ---- */

/* $COLUMNS as Python's int() reads it: blanks around, a sign, digits with
 * single underscores between them.  Returns 0 when it is not a number. */
static long columns_from_environment(void)
{
   const char* p = getenv("COLUMNS");
   if (p == NULL)
      return 0;
   while (isspace((unsigned char)*p))
      p++;
   int negative = *p == '-';
   if (*p == '-' || *p == '+')
      p++;
   if (!isdigit((unsigned char)*p))
      return 0;
   long value = 0;
   while (isdigit((unsigned char)*p) ||
          (*p == '_' && isdigit((unsigned char)p[1]))) {
      if (*p != '_' && value < WIDTH_CAP)
         value = value * 10 + (*p - '0');
      p++;
   }
   while (isspace((unsigned char)*p))
      p++;
   if (*p != '\0')
      return 0;
   return negative ? -value : value;
}

int cg_help_width(void)
{
   long columns = columns_from_environment();
   if (columns <= 0) {
      struct winsize size;
      columns = ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col
                   ? size.ws_col
                   : 80;
   }
   if (columns > WIDTH_CAP)
      columns = WIDTH_CAP;
   return (int)columns - 2;
}

/* ---- building text ---- */

static void add_text(cg_text* b, const char* text)
{
   cg_text_append(b, text, strlen(text));
}

static void add_spaces(cg_text* b, long count)
{
   for (long i = 0; i < count; i++)
      cg_text_append(b, " ", 1);
}

static size_t part_count(const char* const* parts)
{
   size_t count = 0;
   while (parts[count] != NULL)
      count++;
   return count;
}

/* ---- the usage ---- */

static const char usage_prefix[] = "usage: ";
#define USAGE_PREFIX_LENGTH ((long)sizeof usage_prefix - 1)

/* Lays PARTS out in lines of at most WIDTH columns (a part longer than a
 * line has one to itself), each line starting on a new line with INDENT
 * spaces, but the first if CONTINUES_USAGE: that one goes on after
 * "usage: ". */
static void add_wrapped_parts(cg_text* b, const char* const* parts,
                              size_t count, long indent, int continues_usage,
                              long width)
{
   long line_length = (continues_usage ? USAGE_PREFIX_LENGTH : indent) - 1;
   int parts_on_line = 0;
   int on_first_line = continues_usage;
   for (size_t i = 0; i < count; i++) {
      long part_length = (long)strlen(parts[i]);
      if (line_length + 1 + part_length > width && parts_on_line > 0) {
         parts_on_line = 0;
         line_length = indent - 1;
         on_first_line = 0;
      }
      if (parts_on_line > 0) {
         add_text(b, " ");
      } else if (!on_first_line) {
         add_text(b, "\n");
         add_spaces(b, indent);
      }
      add_text(b, parts[i]);
      parts_on_line++;
      line_length += part_length + 1;
   }
}

static void add_joined(cg_text* b, const char* const* parts, size_t count)
{
   for (size_t i = 0; i < count; i++) {
      if (i > 0)
         add_text(b, " ");
      add_text(b, parts[i]);
   }
}

static void add_usage(cg_text* b, const cg_help_text* text,
                      const char* prog, long width)
{
   size_t option_count = part_count(text->option_parts);
   size_t positional_count = part_count(text->positional_parts);
   size_t part_total = option_count + positional_count;
   /* The name, then the options' parts, then the positionals'. */
   const char** line = cg_xcalloc(part_total + 1, sizeof(char*));
   line[0] = prog;
   memcpy(line + 1, text->option_parts, option_count * sizeof(char*));
   memcpy(line + 1 + option_count, text->positional_parts,
          positional_count * sizeof(char*));
   const char* const* parts = line + 1;
   const char* const* positionals = parts + option_count;

   add_text(b, usage_prefix);
   /* On one line if it fits, the name left out if it is empty. */
   size_t first = *prog != '\0' ? 0 : 1, joined = part_total + 1 - first;
   long one_line = USAGE_PREFIX_LENGTH + (joined > 0 ? (long)joined - 1 : 0);
   for (size_t i = first; i <= part_total; i++)
      one_line += (long)strlen(line[i]);
   long prog_length = (long)strlen(prog);
   if (one_line <= width) {
      add_joined(b, line + first, joined);
   } else if (4 * (USAGE_PREFIX_LENGTH + prog_length) <= 3 * width) {
      /* A short name (three quarters of the width at most) is followed
       * on its line by the options, or by the positionals if there are no
       * options; the positionals otherwise start a line of their own. */
      long indent = USAGE_PREFIX_LENGTH + prog_length + 1;
      if (option_count > 0) {
         add_wrapped_parts(b, line, option_count + 1, indent, 1, width);
         add_wrapped_parts(b, positionals, positional_count, indent, 0,
                           width);
      } else {
         add_wrapped_parts(b, line, positional_count + 1, indent, 1, width);
      }
   } else {
      /* A long name has a line of its own; the parts follow, on one line
       * if they fit it, else the options' lines, then the positionals'. */
      add_text(b, prog);
      long length = USAGE_PREFIX_LENGTH - 1;
      int fits = 1;
      for (size_t i = 0; i < part_total; i++) {
         length += 1 + (long)strlen(parts[i]);
         if (i > 0 && length > width)
            fits = 0;
      }
      if (fits && part_total > 0) {
         add_text(b, "\n");
         add_spaces(b, USAGE_PREFIX_LENGTH);
         add_joined(b, parts, part_total);
      } else {
         add_wrapped_parts(b, parts, option_count, USAGE_PREFIX_LENGTH, 0,
                           width);
         add_wrapped_parts(b, positionals, positional_count,
                           USAGE_PREFIX_LENGTH, 0, width);
      }
   }
   add_text(b, "\n");
   free(line);
}

char* cg_help_usage(const cg_help_text* text, const char* prog, int width)
{
   cg_text b = {0};
   add_usage(&b, text, prog, width);
   return b.text;
}

/* ---- word wrapping, as Python's textwrap does it ---- */

/* Python's classes for ASCII text: \w, letters (\w but digits), and the
 * characters an em-dash may follow. */
static int is_blank(char c)
{
   return c == ' ';
}

static int is_letter(char c)
{
   return isalpha((unsigned char)c) || c == '_';
}

static int is_word_char(char c)
{
   return isalnum((unsigned char)c) || c == '_';
}

static int is_word_punct(char c)
{
   return is_word_char(c) || (c != '\0' && strchr("!\"'&.,?", c) != NULL);
}

/* Whether text[at] starts two or more dashes followed by a word character
 * (an em-dash between words, where a line may break). */
static int em_dash_at(const char* text, size_t length, size_t at)
{
   size_t end = at;
   while (end < length && text[end] == '-')
      end++;
   return end - at >= 2 && end < length && is_word_char(text[end]);
}

/* Whether a word may break after the dash at text[dash]: two letters, or a
 * letter, a dash and a letter, before it; after it a letter and a second
 * letter, possibly after another dash ("search-and-replace" breaks after
 * either dash, "-h" and "x-1" do not). */
static int breaks_after_dash(const char* text, size_t length, size_t dash)
{
   int before = (dash >= 2 && is_letter(text[dash - 2]) &&
                 is_letter(text[dash - 1])) ||
                (dash >= 3 && is_letter(text[dash - 3]) &&
                 text[dash - 2] == '-' && is_letter(text[dash - 1]));
   size_t next = dash + 1;
   int after = next < length && is_letter(text[next]) &&
               ((next + 1 < length && is_letter(text[next + 1])) ||
                (next + 2 < length && text[next + 1] == '-' &&
                 is_letter(text[next + 2])));
   return before && after;
}

typedef struct {
   const char* start;
   size_t length;
} chunk;

/* Splits TEXT (words separated by single blanks) into the pieces a line
 * may break between: blanks, words, the parts of hyphenated words and
 * em-dashes.  Returns how many; *CHUNKS is newly allocated. */
static size_t split_chunks(const char* text, chunk** chunks)
{
   size_t length = strlen(text), count = 0;
   *chunks = cg_xcalloc(length + 1, sizeof(chunk));
   size_t p = 0;
   while (p < length) {
      size_t end;
      if (is_blank(text[p])) {
         end = p;
         while (end < length && is_blank(text[end]))
            end++;
      } else if (p > 0 && is_word_punct(text[p - 1]) &&
                 em_dash_at(text, length, p)) {
         end = p;
         while (text[end] == '-')
            end++;
      } else {
         /* The shortest piece that ends where a line may break. */
         for (end = p + 1;; end++) {
            if (end < length && text[end] == '-' &&
                breaks_after_dash(text, length, end)) {
               end++;
               break;
            }
            if (end == length || is_blank(text[end]))
               break;
            if (is_word_punct(text[end - 1]) && em_dash_at(text, length, end))
               break;
         }
      }
      (*chunks)[count++] = (chunk){text + p, end - p};
      p = end;
   }
   return count;
}

static int is_blank_chunk(chunk c)
{
   for (size_t i = 0; i < c.length; i++)
      if (!is_blank(c.start[i]))
         return 0;
   return 1;
}

/* Adds TEXT wrapped into lines of at most WIDTH (at least 1) columns, the
 * first indented by FIRST_INDENT spaces, the others by INDENT; a word
 * longer than a line is cut, after its last dash that fits if it has one. */
static void add_wrapped_words(cg_text* b, const char* text, long width,
                              long first_indent, long indent)
{
   chunk* chunks;
   size_t count = split_chunks(text, &chunks);
   /* A line holds at most every chunk left and a cut piece of a word. */
   chunk* line = cg_xcalloc(count + 1, sizeof(chunk));
   size_t next = 0, lines = 0;
   while (next < count) {
      size_t on_line = 0;
      long line_length = 0;
      if (lines > 0 && is_blank_chunk(chunks[next]))
         next++;
      while (next < count &&
             line_length + (long)chunks[next].length <= width) {
         line[on_line++] = chunks[next];
         line_length += (long)chunks[next++].length;
      }
      if (next < count && (long)chunks[next].length > width) {
         /* Cut the long word: as much as the line has room for, or up to
          * its last dash within that room (not a leading one). */
         chunk* word = &chunks[next];
         size_t end = (size_t)(width - line_length);
         if (word->length > end) {
            size_t dash = end;
            while (dash > 0 && word->start[dash - 1] != '-')
               dash--;
            if (dash > 1) {
               size_t hyphen = dash - 1;
               for (size_t i = 0; i < hyphen; i++)
                  if (word->start[i] != '-') {
                     end = hyphen + 1;
                     break;
                  }
            }
         }
         line[on_line++] = (chunk){word->start, end};
         word->start += end;
         word->length -= end;
      }
      if (on_line > 0 && is_blank_chunk(line[on_line - 1]))
         on_line--;
      if (on_line == 0)
         continue;
      add_spaces(b, lines++ == 0 ? first_indent : indent);
      for (size_t i = 0; i < on_line; i++)
         cg_text_append(b, line[i].start, line[i].length);
      add_text(b, "\n");
   }
   free(line);
   free(chunks);
}

/* Collapses every run of blanks, tabs and line ends into one blank and
 * trims the ends, as argparse does to a help text before wrapping it. */
static char* normalized(const char* text)
{
   char* out = cg_xmalloc(strlen(text) + 1);
   size_t n = 0;
   for (const char* p = text; *p != '\0'; p++) {
      if (strchr(" \t\n\r\f\v", *p) != NULL) {
         if (n > 0 && out[n - 1] != ' ')
            out[n++] = ' ';
      } else {
         out[n++] = *p;
      }
   }
   if (n > 0 && out[n - 1] == ' ')
      n--;
   out[n] = '\0';
   return out;
}

/* ---- --help ---- */

/* A help text as argparse wraps it: its whitespace collapsed, then wrapped
 * to WIDTH, but never to fewer than 11 columns. */
static void add_paragraph(cg_text* b, const char* text, long width,
                          long first_indent, long indent)
{
   char* words = normalized(text);
   add_wrapped_words(b, words, width < 11 ? 11 : width, first_indent, indent);
   free(words);
}

/* Arguments are indented by 2 within their section. */
#define ITEM_INDENT 2

static long widest_invocation(const cg_help_item* items)
{
   long widest = 0;
   for (size_t i = 0; items != NULL && items[i].invocation != NULL; i++) {
      long length = (long)strlen(items[i].invocation) + ITEM_INDENT;
      if (length > widest)
         widest = length;
   }
   return widest;
}

static void add_section(cg_text* b, const char* heading,
                        const cg_help_item* items, long help_position,
                        long width)
{
   if (items == NULL || items[0].invocation == NULL)
      return;
   add_text(b, "\n");
   add_text(b, heading);
   add_text(b, ":\n");
   long help_width = width - help_position < 11 ? 11 : width - help_position;
   long invocation_width = help_position - ITEM_INDENT - 2;
   for (size_t i = 0; items[i].invocation != NULL; i++) {
      const char* invocation = items[i].invocation;
      long length = (long)strlen(invocation);
      add_spaces(b, ITEM_INDENT);
      add_text(b, invocation);
      if (items[i].help == NULL || *items[i].help == '\0') {
         add_text(b, "\n");
         continue;
      }
      long first_indent = help_position;
      if (length <= invocation_width) {
         /* The help starts on the invocation's line. */
         add_spaces(b, invocation_width - length + 2);
         first_indent = 0;
      } else {
         add_text(b, "\n");
      }
      add_paragraph(b, items[i].help, help_width, first_indent,
                    help_position);
   }
}

char* cg_help_full(const cg_help_text* text, const char* prog, int width)
{
   cg_text b = {0};
   add_usage(&b, text, prog, width);
   if (text->description != NULL) {
      add_text(&b, "\n");
      add_paragraph(&b, text->description, width, 0, 0);
   }
   long max_help_position = width - 20 > 2 * ITEM_INDENT ? width - 20
                                                         : 2 * ITEM_INDENT;
   if (max_help_position > 24)
      max_help_position = 24;
   long widest = widest_invocation(text->positionals);
   long widest_option = widest_invocation(text->options);
   if (widest_option > widest)
      widest = widest_option;
   long help_position =
      widest + 2 < max_help_position ? widest + 2 : max_help_position;
   add_section(&b, "positional arguments", text->positionals, help_position,
               width);
   add_section(&b, "options", text->options, help_position, width);
   return b.text;
}
