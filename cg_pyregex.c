/* cg_pyregex.c: Python's regex syntax in PCRE2's (see cg_pyregex.h).
 *
 * The two read most patterns alike.  What Python reads otherwise is
 * rewritten: \uXXXX and \UXXXXXXXX (a character by its code), {,N} and {,}
 * (up to N repeats, any number), \Z (the very end), \s and \S (with the
 * separators \x1c-\x1f among the spaces, in a class too), \v (the
 * vertical tab alone), \B (no match in an empty name), a [ within a
 * class (one of its characters, where PCRE2 would begin [:alpha:]),
 * octal escapes and group references (written \x{...} and \g{N}, which
 * PCRE2 cannot read the one for the other), a condition on a named group
 * (written with its number, as PCRE2 reads (?(R)...) and (?(DEFINE)...)
 * otherwise), and the flags a (ASCII classes: PCRE2_UCP left out) and u
 * (the default), which PCRE2 does not take.
 *
 * What Python refuses where PCRE2 would give it a meaning is refused, in
 * Python's words: letter escapes it does not know (\K, \Q, \p, \h ...),
 * group forms it does not know ((*VERB), (?|...), (?R), (?1), (?<name>...),
 * (?P>name) ...), global flags after the start, unknown or contradictory
 * flags, references to groups not yet closed, octal escapes beyond a
 * byte, and lookbehinds whose alternatives differ in width.  Not
 * supported, and refused as such: \N{name} (a character by its Unicode
 * name), and the scoped flags (?a:...) and (?u:...) where they would
 * change the classes (PCRE2 10.42 sets them for a whole pattern only).
 * With a and i both, PCRE2 still folds the case of letters beyond ASCII,
 * where Python does not.  Comments are copied as they are.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_pyregex.h"

/* An open group. */
typedef struct {
   size_t number;     /* its capture number, 0 if it captures nothing */
   int lookbehind;    /* (?<=...) or (?<!...) */
   int outer_verbose; /* the verbose mode around it, back at its end */
   size_t content;    /* a lookbehind: where its content starts (output) */
   size_t* bars;      /* a lookbehind: its top-level |s (output offsets) */
   size_t bar_count;
   int holds_lookbehind; /* a lookbehind: another one within it */
} group_t;

typedef struct {
   const char* pattern;
   size_t at; /* the next byte of PATTERN to read */
   cg_text out;
   int in_class;
   int verbose; /* blanks and # comments are no part of the pattern here */
   /* The top level holds more than global flags groups, comments and
    * blanks: a global flags group may no longer come. */
   int started;
   int* ascii;
   group_t* open; /* the open groups, innermost last */
   size_t depth;
   size_t opened;         /* capturing groups opened so far */
   unsigned char* closed; /* closed[N]: group N has ended (N <= opened) */
   char** names;          /* names[N]: group N's name, or NULL */
   char* error;
   size_t error_size;
} scan_t;

enum {
   FLAG_A = 1,
   FLAG_I = 2,
   FLAG_M = 4,
   FLAG_S = 8,
   FLAG_U = 16,
   FLAG_X = 32,
};

static const char flag_letters[] = "aimsux";

static int flag_bit(char letter)
{
   return 1 << (strchr(flag_letters, letter) - flag_letters);
}

static int is_octal(char c)
{
   return c >= '0' && c <= '7';
}

static int is_digit(char c)
{
   return c >= '0' && c <= '9';
}

static int is_ascii_letter(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The bytes of the UTF-8 character TEXT starts with (at most its length,
 * so that a message quotes it whole). */
static int character_length(const char* text)
{
   unsigned char lead = (unsigned char)text[0];
   int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
   for (int i = 1; i < length; i++)
      if (text[i] == '\0')
         return i;
   return length;
}

/* Whether TEXT (LENGTH bytes) is a name that PCRE2 takes as Python does:
 * an identifier of ASCII letters, digits and underscores. */
static int is_ascii_identifier(const char* text, size_t length)
{
   if (length == 0 || is_digit(text[0]))
      return 0;
   for (size_t i = 0; i < length; i++)
      if (!is_ascii_letter(text[i]) && !is_digit(text[i]) && text[i] != '_')
         return 0;
   return 1;
}

/* Whether TEXT starts with COUNT hexadecimal digits (it may be shorter). */
static int is_hex_digits(const char* text, size_t count)
{
   for (size_t i = 0; i < count; i++)
      if (text[i] == '\0' || !strchr("0123456789abcdefABCDEF", text[i]))
         return 0;
   return 1;
}

/* Whether \LETTER is an escape Python's regexes refuse: a letter that
 * is not one of theirs, or, within a class, one that stands for a
 * position (\A, \B, \Z). */
static int is_unknown_letter_escape(char letter, int in_class)
{
   return is_ascii_letter(letter) &&
          strchr(in_class ? "dDsSwWabfnrtvxuUN" : "AbBdDsSwWZafnrtvxuUN",
                 letter) == NULL;
}

/* Writes "bad regex at offset OFFSET: ..." into the scan's error; returns
 * 0, for the caller to return. */
static int __attribute__((format(printf, 3, 4)))
refuse(scan_t* s, size_t offset, const char* format, ...)
{
   int written =
       snprintf(s->error, s->error_size, "bad regex at offset %zu: ", offset);
   if (written >= 0 && (size_t)written < s->error_size) {
      va_list args;
      va_start(args, format);
      vsnprintf(s->error + written, s->error_size - (size_t)written, format,
                args);
      va_end(args);
   }
   return 0;
}

static void emit(scan_t* s, const char* text)
{
   cg_text_append(&s->out, text, strlen(text));
}

/* Copies COUNT bytes of the pattern as they are. */
static void copy(scan_t* s, size_t count)
{
   cg_text_append(&s->out, s->pattern + s->at, count);
   s->at += count;
}

static void emit_character(scan_t* s, unsigned code)
{
   char escape[16];
   snprintf(escape, sizeof escape, "\\x{%x}", code);
   emit(s, escape);
}

static void open_group(scan_t* s, int capturing, int lookbehind,
                       int inner_verbose)
{
   if (lookbehind)
      for (size_t d = 0; d < s->depth; d++)
         s->open[d].holds_lookbehind = 1;
   s->open = cg_xreallocarray(s->open, s->depth + 1, sizeof *s->open);
   group_t* group = &s->open[s->depth++];
   *group = (group_t){.lookbehind = lookbehind, .outer_verbose = s->verbose};
   if (capturing) {
      group->number = ++s->opened;
      s->closed = cg_xreallocarray(s->closed, s->opened + 1, 1);
      s->names = cg_xreallocarray(s->names, s->opened + 1, sizeof *s->names);
      s->closed[group->number] = 0;
      s->names[group->number] = NULL;
   }
   s->verbose = inner_verbose;
   s->started = 1;
}

/* The group named NAME (LENGTH bytes), or 0. */
static size_t named_group(const scan_t* s, const char* name, size_t length)
{
   for (size_t n = 1; n <= s->opened; n++)
      if (s->names[n] != NULL && strlen(s->names[n]) == length &&
          memcmp(s->names[n], name, length) == 0)
         return n;
   return 0;
}

/* The width of PCRE2 pattern BRANCH (LENGTH bytes), a branch of a
 * lookbehind, in characters, as Python counts it; or -1 if it does not
 * compile alone (a reference to a group outside it).  PCRE2 takes each
 * branch of a lookbehind to be of a fixed width, and says how far back
 * the pattern (?<=BRANCH) reads: that width, or one more character for a
 * \b, \B or \A, which Python counts as no width.  Such an assertion only
 * reaches beyond the branch when the branch has no width, where PCRE2's
 * least length of a match says so. */
static long branch_width(const char* branch, size_t length, uint32_t options)
{
   cg_text lookbehind = {0};
   cg_text_append(&lookbehind, "(?<=", 4);
   cg_text_append(&lookbehind, branch, length);
   cg_text_append(&lookbehind, ")", 1);
   int code;
   PCRE2_SIZE offset;
   pcre2_code* alone = pcre2_compile((PCRE2_SPTR)branch, length, options,
                                     &code, &offset, NULL);
   pcre2_code* behind =
       alone == NULL ? NULL
                     : pcre2_compile((PCRE2_SPTR)lookbehind.text,
                                     lookbehind.length, options, &code,
                                     &offset, NULL);
   free(lookbehind.text);
   long width = -1;
   if (behind != NULL) {
      uint32_t least = 0, reach = 0;
      pcre2_pattern_info(alone, PCRE2_INFO_MINLENGTH, &least);
      pcre2_pattern_info(behind, PCRE2_INFO_MAXLOOKBEHIND, &reach);
      width = least == 0 ? 0 : (long)reach;
   }
   pcre2_code_free(alone);
   pcre2_code_free(behind);
   return width;
}

/* Whether the alternatives of LOOKBEHIND, which ends here, are all of one
 * width, as Python requires (PCRE2 takes alternatives of different
 * widths).  One that holds a lookbehind of its own, or that does not
 * compile alone, is left to PCRE2. */
static int widths_agree(const scan_t* s, const group_t* lookbehind)
{
   if (lookbehind->holds_lookbehind)
      return 1;
   uint32_t options = PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C |
                      (*s->ascii ? 0 : PCRE2_UCP) |
                      (s->verbose ? PCRE2_EXTENDED : 0);
   long first_width = 0;
   for (size_t b = 0; b <= lookbehind->bar_count; b++) {
      size_t from = b == 0 ? lookbehind->content : lookbehind->bars[b - 1] + 1;
      size_t to =
          b == lookbehind->bar_count ? s->out.length : lookbehind->bars[b];
      long width = branch_width(s->out.text + from, to - from, options);
      if (width < 0)
         return 1;
      if (b == 0)
         first_width = width;
      else if (width != first_width)
         return 0;
   }
   return 1;
}

static int end_group(scan_t* s)
{
   if (s->depth == 0) {
      copy(s, 1); /* unbalanced: PCRE2 says so */
      return 1;
   }
   group_t* group = &s->open[s->depth - 1];
   if (group->lookbehind && group->bar_count > 0 && !widths_agree(s, group))
      return refuse(s, s->at, "look-behind requires fixed-width pattern");
   if (group->number > 0)
      s->closed[group->number] = 1;
   s->verbose = group->outer_verbose;
   free(group->bars);
   s->depth--;
   copy(s, 1);
   return 1;
}

size_t cg_pyregex_octal(const char* digits, int in_class, unsigned* code)
{
   size_t length = 0;
   if (in_class || digits[0] == '0')
      length = is_octal(digits[0])
                  ? 1 + is_octal(digits[1]) +
                       (is_octal(digits[1]) && is_octal(digits[2]))
                  : 0;
   else if (is_octal(digits[0]) && is_octal(digits[1]) && is_octal(digits[2]))
      length = 3;
   *code = 0;
   for (size_t i = 0; i < length; i++)
      *code = *code * 8 + (unsigned)(digits[i] - '0');
   return length;
}

/* A backslash and digits: an octal escape, or outside a class a reference
 * to a group by its number (one or two digits); within a class an 8 or a
 * 9 is no escape at all. */
static int scan_number_escape(scan_t* s)
{
   const char* d = s->pattern + s->at + 1;
   if (s->in_class && (d[0] == '8' || d[0] == '9'))
      return refuse(s, s->at, "bad escape \\%c", d[0]);
   unsigned code;
   size_t octal = cg_pyregex_octal(d, s->in_class, &code);
   if (octal > 0) {
      if (code > 0377)
         return refuse(s, s->at,
                       "octal escape value \\%.3s outside of range 0-0o377", d);
      emit_character(s, code);
      s->at += 1 + octal;
      return 1;
   }
   size_t digits = is_digit(d[1]) ? 2 : 1;
   size_t number = (size_t)(d[0] - '0');
   if (digits == 2)
      number = number * 10 + (size_t)(d[1] - '0');
   if (number > s->opened)
      return refuse(s, s->at, "invalid group reference %zu", number);
   if (!s->closed[number])
      return refuse(s, s->at, "cannot refer to an open group");
   char reference[32];
   snprintf(reference, sizeof reference, "\\g{%zu}", number);
   emit(s, reference);
   s->at += 1 + digits;
   return 1;
}

static int scan_escape(scan_t* s)
{
   const char* p = s->pattern + s->at;
   if (p[1] == 'u' || p[1] == 'U') {
      size_t digits = p[1] == 'u' ? 4 : 8;
      if (is_hex_digits(p + 2, digits)) {
         emit(s, "\\x{");
         cg_text_append(&s->out, p + 2, digits);
         emit(s, "}");
         s->at += 2 + digits;
         return 1;
      }
   }
   if (p[1] == 'Z' && !s->in_class) {
      emit(s, "\\z");
      s->at += 2;
      return 1;
   }
   if (p[1] == 'B' && !s->in_class) {
      /* Python's \B never matches in an empty name, where PCRE2's does.
       * Not in a group: a quantifier after it is refused, as Python
       * refuses it. */
      emit(s, "(?!\\A\\z)\\B");
      s->at += 2;
      return 1;
   }
   if ((p[1] == 's' || p[1] == 'S') && !*s->ascii) {
      /* Python's \s takes what str.isspace() does, \x1c-\x1f too, where
       * PCRE2's Unicode \s does not.  A class cannot take away, so a \S
       * within one is written out as the ranges of what str.isspace()
       * does not take. */
      emit(s, !s->in_class
                  ? (p[1] == 's' ? "[\\s\\x1c-\\x1f]" : "[^\\s\\x1c-\\x1f]")
              : p[1] == 's' ? "\\s\\x1c-\\x1f"
                            : "\\x00-\\x08\\x0e-\\x1b\\x21-\\x84\\x86-\\x9f"
                              "\\xa1-\\x{167f}\\x{1681}-\\x{1fff}"
                              "\\x{200b}-\\x{2027}\\x{202a}-\\x{202e}"
                              "\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}"
                              "\\x{3001}-\\x{10ffff}");
      s->at += 2;
      return 1;
   }
   if (p[1] == 'v') {
      /* Python's \v is the vertical tab alone, PCRE2's any vertical
       * space (\f, \r, NEL, the line and paragraph separators too). */
      emit(s, "\\x0b");
      s->at += 2;
      return 1;
   }
   /* Python's \x takes exactly two hex digits, where PCRE2 would take
    * fewer, or \x{...}; Python's \N is \N{name}, a character by its
    * Unicode name, which PCRE2 lacks (its bare \N, any character but a
    * newline, Python refuses). */
   if (p[1] == 'x' && !is_hex_digits(p + 2, 2))
      return refuse(s, s->at, "incomplete escape \\x%.*s",
                    is_hex_digits(p + 2, 1), p + 2);
   if (p[1] == 'N' && p[2] != '{')
      return refuse(s, s->at + 2, "missing {");
   if (p[1] == 'N')
      return refuse(s, s->at, "character names (\\N{...}) are not supported");
   if (is_digit(p[1]))
      return scan_number_escape(s);
   if (is_unknown_letter_escape(p[1], s->in_class))
      return refuse(s, s->at, "bad escape \\%c", p[1]);
   copy(s, p[1] == '\0' ? 1 : 2);
   return 1;
}

/* (?flags) or (?flags-flags:...), at "(?": Python's flags and its checks
 * of them, in its order. */
static int scan_flags(scan_t* s)
{
   const char* p = s->pattern;
   size_t i = s->at + 2;
   int on = 0, off = 0;
   char c = p[i];
   if (c != '-') {
      for (;;) {
         if (c == 'L')
            return refuse(s, i,
                          "bad inline flags: cannot use 'L' flag with "
                          "a str pattern");
         on |= flag_bit(c);
         if ((on & FLAG_A) && (on & FLAG_U))
            return refuse(s, i,
                          "bad inline flags: flags 'a', 'u' and 'L' "
                          "are incompatible");
         c = p[++i];
         if (c == ')' || c == '-' || c == ':')
            break;
         if (c == '\0' || !strchr("aiLmsux", c))
            return refuse(s, i,
                          is_ascii_letter(c) ? "unknown flag"
                                             : "missing -, : or )");
      }
   }
   if (c == ')') {
      if (s->depth > 0 || s->started)
         return refuse(s, s->at,
                       "global flags not at the start of the expression");
      *s->ascii |= (on & FLAG_A) != 0;
      s->verbose |= (on & FLAG_X) != 0;
   } else {
      if (c == '-') {
         c = p[++i];
         if (c == '\0' || !strchr("aiLmsux", c))
            return refuse(s, i,
                          is_ascii_letter(c) ? "unknown flag" : "missing flag");
         for (;;) {
            if (c == 'a' || c == 'u' || c == 'L')
               return refuse(s, i,
                             "bad inline flags: cannot turn off flags "
                             "'a', 'u' and 'L'");
            off |= flag_bit(c);
            c = p[++i];
            if (c == ':')
               break;
            if (c == '\0' || !strchr("aiLmsux", c))
               return refuse(s, i,
                             is_ascii_letter(c) ? "unknown flag" : "missing :");
         }
      }
      if (on & off)
         return refuse(s, i, "bad inline flags: flag turned on and off");
      if ((on & FLAG_A) && !*s->ascii)
         return refuse(s, s->at,
                       "the flag a in a group, (?a:...), is not "
                       "supported");
      if ((on & FLAG_U) && *s->ascii)
         return refuse(s, s->at,
                       "the flag u in a group, (?u:...), is not "
                       "supported in a pattern of flag a");
   }
   /* PCRE2 is given i, m, s and x; a and u are settled above. */
   cg_text kept = {0};
   cg_text_append(&kept, "", 0);
   for (const char* letter = "imsx"; *letter != '\0'; letter++)
      if (on & flag_bit(*letter))
         cg_text_append(&kept, letter, 1);
   if (off) {
      cg_text_append(&kept, "-", 1);
      for (const char* letter = "imsx"; *letter != '\0'; letter++)
         if (off & flag_bit(*letter))
            cg_text_append(&kept, letter, 1);
   }
   if (c == ':') {
      open_group(s, 0, 0, (s->verbose || (on & FLAG_X)) && !(off & FLAG_X));
      emit(s, "(?");
      emit(s, kept.text);
      emit(s, ":");
   } else if (kept.length > 0) {
      emit(s, "(?");
      emit(s, kept.text);
      emit(s, ")");
   }
   free(kept.text);
   s->at = i + 1;
   return 1;
}

/* The length of the group name at OFFSET in the pattern, which
 * TERMINATOR ends; or 0, refused, where there is no name or no end. */
static size_t group_name(scan_t* s, size_t offset, char terminator)
{
   const char* name = s->pattern + offset;
   char ends[2] = {terminator, '\0'};
   size_t length = strcspn(name, ends);
   if (length == 0)
      refuse(s, offset, "missing group name");
   else if (name[length] != terminator)
      refuse(s, offset, "missing %c, unterminated name", terminator);
   return name[length] == terminator ? length : 0;
}

/* (?P<name>...) and (?P=name), at "(?P". */
static int scan_named(scan_t* s)
{
   const char* p = s->pattern + s->at;
   const char* name = p + 4;
   if (p[3] == '<') {
      size_t length = group_name(s, s->at + 4, '>');
      if (length == 0)
         return 0;
      if (is_ascii_identifier(name, length)) {
         size_t earlier = named_group(s, name, length);
         if (earlier > 0)
            return refuse(s, s->at + 4,
                          "redefinition of group name '%.*s' as group %zu; "
                          "was group %zu",
                          (int)length, name, s->opened + 1, earlier);
      } else {
         int ascii = 1;
         for (size_t i = 0; i < length; i++)
            ascii &= (unsigned char)name[i] < 0x80;
         /* A name with letters beyond ASCII is left to PCRE2, which
          * takes them as Python does. */
         if (ascii)
            return refuse(s, s->at + 4, "bad character in group name '%.*s'",
                          (int)length, name);
      }
      open_group(s, 1, 0, s->verbose);
      s->names[s->opened] = cg_xstrndup(name, length);
      copy(s, 4 + length + 1);
      return 1;
   }
   if (p[3] == '=') {
      size_t length = group_name(s, s->at + 4, ')');
      if (length == 0)
         return 0;
      size_t number = named_group(s, name, length);
      if (number == 0)
         return refuse(s, s->at + 4,
                       is_ascii_identifier(name, length)
                           ? "unknown group name '%.*s'"
                           : "bad character in group name '%.*s'",
                       (int)length, name);
      if (!s->closed[number])
         return refuse(s, s->at, "cannot refer to an open group");
      s->started |= s->depth == 0;
      copy(s, 4 + length + 1);
      return 1;
   }
   if (p[3] == '\0')
      return refuse(s, s->at + 3, "unexpected end of pattern");
   return refuse(s, s->at + 1, "unknown extension ?P%.*s",
                 character_length(p + 3), p + 3);
}

/* (?(group)yes|no), at "(?(": the group by its number (ASCII digits), or
 * by a name it was given before. */
static int scan_condition(scan_t* s)
{
   const char* name = s->pattern + s->at + 3;
   size_t length = group_name(s, s->at + 3, ')');
   if (length == 0)
      return 0;
   char condition[32];
   if (is_ascii_identifier(name, length)) {
      size_t number = named_group(s, name, length);
      if (number == 0)
         return refuse(s, s->at + 3, "unknown group name '%.*s'", (int)length,
                       name);
      snprintf(condition, sizeof condition, "(?(%zu)", number);
   } else {
      size_t number = 0;
      for (size_t i = 0; i < length; i++) {
         if (!is_digit(name[i]))
            return refuse(s, s->at + 3, "bad character in group name '%.*s'",
                          (int)length, name);
         number =
             number < 100000 ? number * 10 + (size_t)(name[i] - '0') : number;
      }
      if (number == 0)
         return refuse(s, s->at + 3, "bad group number");
      /* Python lets it name a group that comes later; PCRE2 refuses a
       * group the pattern does not have, as Python does. */
      snprintf(condition, sizeof condition, "(?(%zu)", number);
   }
   open_group(s, 0, 0, s->verbose);
   emit(s, condition);
   s->at += 3 + length + 1;
   return 1;
}

/* A group, at its "(". */
static int scan_group(scan_t* s)
{
   const char* p = s->pattern + s->at;
   if (p[1] == '*')
      return refuse(s, s->at + 1, "nothing to repeat");
   if (p[1] != '?') {
      open_group(s, 1, 0, s->verbose);
      copy(s, 1);
      return 1;
   }
   switch (p[2]) {
   case '\0':
      return refuse(s, s->at + 2, "unexpected end of pattern");
   case ':':
   case '=':
   case '!':
   case '>':
      open_group(s, 0, 0, s->verbose);
      copy(s, 3);
      return 1;
   case '<':
      if (p[3] == '=' || p[3] == '!') {
         open_group(s, 0, 1, s->verbose);
         copy(s, 4);
         s->open[s->depth - 1].content = s->out.length;
         return 1;
      }
      if (p[3] == '\0')
         return refuse(s, s->at + 3, "unexpected end of pattern");
      return refuse(s, s->at + 1, "unknown extension ?<%.*s",
                    character_length(p + 3), p + 3);
   case 'P':
      return scan_named(s);
   case '(':
      return scan_condition(s);
   default:
      if (strchr("aiLmsux-", p[2]))
         return scan_flags(s);
      return refuse(s, s->at + 1, "unknown extension ?%.*s",
                    character_length(p + 2), p + 2);
   }
}

/* Within a class: escapes, and a [ that is one of its characters. */
static int scan_in_class(scan_t* s)
{
   const char* p = s->pattern + s->at;
   if (p[0] == '\\')
      return scan_escape(s);
   if (p[0] == '[') {
      emit(s, "\\[");
      s->at++;
      return 1;
   }
   if (p[0] == ']')
      s->in_class = 0;
   copy(s, 1);
   return 1;
}

/* Reads one item of the pattern (outside a class: an escape, a group's
 * start or end, a class's start, a comment, a character ...). */
static int scan_item(scan_t* s)
{
   const char* p = s->pattern + s->at;
   if (s->in_class)
      return scan_in_class(s);
   /* Comments, copied as they are: (?#...), and in verbose mode # to the
    * end of the line, and blanks. */
   size_t comment = 0;
   if (p[0] == '(' && p[1] == '?' && p[2] == '#')
      comment = strcspn(p, ")") + (strchr(p, ')') != NULL);
   else if (s->verbose && p[0] == '#')
      comment = strcspn(p, "\n");
   else if (s->verbose && strchr(" \t\n\r\v\f", p[0]))
      comment = 1;
   if (comment > 0) {
      copy(s, comment);
      return 1;
   }
   if (p[0] == '(')
      return scan_group(s);
   if (p[0] == ')')
      return end_group(s);
   s->started |= s->depth == 0;
   if (p[0] == '\\')
      return scan_escape(s);
   if (p[0] == '|' && s->depth > 0 && s->open[s->depth - 1].lookbehind) {
      group_t* lookbehind = &s->open[s->depth - 1];
      lookbehind->bars =
          cg_xreallocarray(lookbehind->bars, lookbehind->bar_count + 1,
                           sizeof *lookbehind->bars);
      lookbehind->bars[lookbehind->bar_count++] = s->out.length;
   }
   if (p[0] == '{' && p[1] == ',') {
      size_t digits = strspn(p + 2, "0123456789");
      if (p[2 + digits] == '}') {
         emit(s, "{0,");
         cg_text_append(&s->out, p + 2, digits + 1);
         s->at += 3 + digits;
         return 1;
      }
   }
   if (p[0] == '[') {
      /* A class: a ] first, or after ^, is one of its characters. */
      s->in_class = 1;
      size_t opening = p[1] == '^' ? 2 : 1;
      if (p[opening] == ']')
         opening++;
      copy(s, opening);
      return 1;
   }
   copy(s, 1);
   return 1;
}

char* cg_pyregex_translate(const char* pattern, int* ascii, char* error,
                           size_t error_size)
{
   scan_t s = {.pattern = pattern,
               .ascii = ascii,
               .error = error,
               .error_size = error_size};
   *ascii = 0;
   cg_text_append(&s.out, "", 0);
   int ok = 1;
   while (ok && pattern[s.at] != '\0')
      ok = scan_item(&s);
   for (size_t d = 0; d < s.depth; d++)
      free(s.open[d].bars);
   free(s.open);
   for (size_t n = 1; n <= s.opened; n++)
      free(s.names[n]);
   free(s.names);
   free(s.closed);
   if (!ok) {
      free(s.out.text);
      return NULL;
   }
   return s.out.text;
}
