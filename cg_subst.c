/* cg_subst.c: s/regex/replacement/flags expressions (see cg_subst.h).
 *
 * The form is split as the established tools split it: the expression must
 * read s/PATTERN/REPLACEMENT/FLAGS where the two delimiting slashes are the
 * last two slashes not preceded by a backslash, so a pattern may itself
 * contain slashes ("s/a/b/c/" replaces "a/b" with "c"); "\/" stands for a
 * slash in both parts.  Names are matched as Python matches a str: by
 * characters of UTF-8 text (Unicode classes and case folding), a name that
 * is not valid UTF-8 still matched where it is.  The pattern is read as
 * Python reads it and rewritten in PCRE2's syntax (cg_pyregex.c), and the
 * replacement's escapes (\1, \g<name>, octal, \\, \n ...) are
 * translated once into PCRE2's own replacement syntax, so matching and
 * replacing is left to pcre2_substitute.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_pyregex.h"
#include "cg_subst.h"

struct cg_subst {
   /* The pattern twice: for names of valid UTF-8, and for the others,
    * compiled to match them where they are valid.  The second kind checks
    * the name from where a match starts to its first invalid byte, every
    * time, which would make a global replacement in a long name
    * quadratic: see substitute_in_invalid(). */
   pcre2_code* regex;
   pcre2_code* invalid_utf_regex;
   /* Bytes that leave room for the pattern's furthest look behind (in
    * characters of up to 4 bytes, one more for a \b). */
   size_t lookbehind_room;
   char* replacement; /* in PCRE2's syntax: $$ for $, ${N} for a group */
   int global;
};

static int is_delimiter(const char* expr, size_t at)
{
   return expr[at] == '/' && expr[at - 1] != '\\';
}

/* Copies EXPR[FROM, TO) with each "\/" turned into "/". */
static char* unescape_slashes(const char* expr, size_t from, size_t to)
{
   cg_text out = {0};
   cg_text_append(&out, "", 0);
   for (size_t i = from; i < to; i++) {
      if (expr[i] == '\\' && i + 1 < to && expr[i + 1] == '/')
         i++;
      cg_text_append(&out, expr + i, 1);
   }
   return out.text;
}

/* Appends the reference to group NAME (digits or a name), by number:
 * PCRE2's replacements take names of ASCII only.  The regex must have the
 * group. */
static int append_group(cg_text* out, const pcre2_code* regex,
                        const char* name, size_t length, char* error,
                        size_t error_size)
{
   char* group = cg_xstrndup(name, length);
   int number = -1;
   if (length > 0 && strspn(group, "0123456789") == length) {
      uint32_t captures = 0;
      pcre2_pattern_info(regex, PCRE2_INFO_CAPTURECOUNT, &captures);
      if (length < 6 && (uint32_t)atoi(group) <= captures)
         number = atoi(group);
   } else if (length > 0) {
      number = pcre2_substring_number_from_name(regex, (PCRE2_SPTR)group);
   }
   if (number >= 0) {
      char reference[16];
      int written = snprintf(reference, sizeof reference, "${%d}", number);
      cg_text_append(out, reference, (size_t)written);
   } else {
      snprintf(error, error_size, "invalid group reference '%s'", group);
   }
   free(group);
   return number >= 0;
}

/* Appends the character of code CODE (below 256) in UTF-8, as Python
 * writes the name it makes; a NUL cannot be in a name. */
static int append_character(cg_text* out, unsigned code, char* error,
                            size_t error_size)
{
   char bytes[2];
   if (code == 0) {
      snprintf(error, error_size, "a NUL character in the replacement");
      return 0;
   }
   if (code == '$') {
      cg_text_append(out, "$$", 2);
   } else if (code < 0x80) {
      bytes[0] = (char)code;
      cg_text_append(out, bytes, 1);
   } else {
      bytes[0] = (char)(0xC0 | code >> 6);
      bytes[1] = (char)(0x80 | (code & 0x3F));
      cg_text_append(out, bytes, 2);
   }
   return 1;
}

/* Translates one backslash escape starting at TEMPLATE[*AT] (the
 * backslash); advances *AT past it. */
static int translate_escape(const char* template, size_t* at, cg_text* out,
                            const pcre2_code* regex, char* error,
                            size_t error_size)
{
   const char* p = template + *at + 1;
   static const char plain[] = "abfnrtv", meant[] = "\a\b\f\n\r\t\v";
   /* Octal, by Python's rule (other digits name a group). */
   unsigned code;
   size_t octal = cg_pyregex_octal(p, 0, &code);
   if (octal > 0) {
      if (code > 0377) {
         snprintf(error, error_size, "octal escape value \\%.3s outside of "
                  "range 0-0o377", p);
         return 0;
      }
      *at += 1 + octal;
      return append_character(out, code & 0377, error, error_size);
   }
   if (*p >= '1' && *p <= '9') {
      size_t digits = (p[1] >= '0' && p[1] <= '9') ? 2 : 1;
      *at += 1 + digits;
      return append_group(out, regex, p, digits, error, error_size);
   }
   if (*p == 'g' && p[1] == '<') {
      const char* close = strchr(p + 2, '>');
      if (close == NULL) {
         snprintf(error, error_size, "missing '>' after \\g<");
         return 0;
      }
      *at = (size_t)(close - template) + 1;
      return append_group(out, regex, p + 2, (size_t)(close - p - 2), error,
                          error_size);
   }
   if (*p == '\0') {
      snprintf(error, error_size, "replacement ends with a backslash");
      return 0;
   }
   const char* known = strchr(plain, *p);
   if (*p == '\\') {
      cg_text_append(out, "\\", 1);
   } else if (known != NULL) {
      cg_text_append(out, meant + (known - plain), 1);
   } else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
      snprintf(error, error_size, "bad escape \\%c in the replacement", *p);
      return 0;
   } else {
      /* Other escapes stay as written, backslash included. */
      cg_text_append(out, "\\", 1);
      cg_text_append(out, *p == '$' ? "$$" : p, *p == '$' ? 2 : 1);
   }
   *at += 2;
   return 1;
}

static char* translate_replacement(const char* template,
                                   const pcre2_code* regex, char* error,
                                   size_t error_size)
{
   cg_text out = {0};
   cg_text_append(&out, "", 0);
   for (size_t at = 0; template[at] != '\0';) {
      if (template[at] == '\\') {
         if (!translate_escape(template, &at, &out, regex, error,
                               error_size)) {
            free(out.text);
            return NULL;
         }
      } else {
         cg_text_append(&out, template[at] == '$' ? "$$" : template + at,
                        template[at] == '$' ? 2 : 1);
         at++;
      }
   }
   /* A name is one line of a profile: a line break put into it (as
    * written, or by \n, \r or an octal escape) would end that line in
    * cg_diff's output and leave the rest where no reader expects it. */
   if (strpbrk(out.text, "\n\r") != NULL) {
      snprintf(error, error_size, "a line break in the replacement");
      free(out.text);
      return NULL;
   }
   return out.text;
}

/* Finds the delimiters of s/PATTERN/REPLACEMENT/FLAGS: *MIDDLE and *LAST
 * are the indexes of the second and third slashes. */
static int split_expression(const char* expr, size_t* middle, size_t* last,
                            int* global, int* ignore_case)
{
   size_t length = strlen(expr);
   if (length < 4 || expr[0] != 's' || expr[1] != '/')
      return 0;
   const char* final = strrchr(expr, '/');
   *last = (size_t)(final - expr);
   const char* flags = final + 1;
   if (*last < 3 || !is_delimiter(expr, *last))
      return 0;
   if (strcmp(flags, "") && strcmp(flags, "g") && strcmp(flags, "i") &&
       strcmp(flags, "gi") && strcmp(flags, "ig"))
      return 0;
   *global = strchr(flags, 'g') != NULL;
   *ignore_case = strchr(flags, 'i') != NULL;
   for (*middle = *last - 1; *middle >= 2; (*middle)--)
      if (is_delimiter(expr, *middle))
         return 1;
   return 0;
}

enum cg_subst_status cg_subst_parse(const char* expr, cg_subst** result,
                                    char* error, size_t error_size)
{
   size_t middle, last;
   int global, ignore_case;
   if (!split_expression(expr, &middle, &last, &global, &ignore_case)) {
      snprintf(error, error_size,
               "not of the form s/regex/replacement/ (flags g, i)");
      return CG_SUBST_BAD_FORM;
   }
   char* written = unescape_slashes(expr, 2, middle);
   int ascii;
   char* pattern = cg_pyregex_translate(written, &ascii, error, error_size);
   free(written);
   if (pattern == NULL)
      return CG_SUBST_BAD_REGEX;
   char* template = unescape_slashes(expr, middle + 1, last);
   int code;
   PCRE2_SIZE offset;
   /* \C (one byte, even within a character) is refused above, as Python
    * refuses it; PCRE2 is told so too, since matched within a name of
    * valid UTF-8 it would leave PCRE2 to go on from the middle of a
    * character. */
   uint32_t options = PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C |
                      (ascii ? 0 : PCRE2_UCP) |
                      (ignore_case ? PCRE2_CASELESS : 0);
   pcre2_code* regex = pcre2_compile((PCRE2_SPTR)pattern,
                                     PCRE2_ZERO_TERMINATED, options, &code,
                                     &offset, NULL);
   pcre2_code* invalid_utf_regex =
      regex == NULL ? NULL
                    : pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
                                    options | PCRE2_MATCH_INVALID_UTF, &code,
                                    &offset, NULL);
   free(pattern);
   if (invalid_utf_regex == NULL) {
      pcre2_code_free(regex);
      PCRE2_UCHAR message[256];
      pcre2_get_error_message(code, message, sizeof message);
      snprintf(error, error_size, "bad regex at offset %zu: %s",
               (size_t)offset, (char*)message);
      free(template);
      return CG_SUBST_BAD_REGEX;
   }
   char* replacement =
      translate_replacement(template, regex, error, error_size);
   free(template);
   if (replacement == NULL) {
      pcre2_code_free(regex);
      pcre2_code_free(invalid_utf_regex);
      return CG_SUBST_BAD_REGEX;
   }
   cg_subst* subst = cg_xmalloc(sizeof *subst);
   uint32_t lookbehind = 0;
   pcre2_pattern_info(regex, PCRE2_INFO_MAXLOOKBEHIND, &lookbehind);
   subst->lookbehind_room = 4 * ((size_t)lookbehind + 1);
   subst->regex = regex;
   subst->invalid_utf_regex = invalid_utf_regex;
   subst->replacement = replacement;
   subst->global = global;
   *result = subst;
   return CG_SUBST_OK;
}

void cg_subst_free(cg_subst* subst)
{
   if (subst == NULL)
      return;
   pcre2_code_free(subst->regex);
   pcre2_code_free(subst->invalid_utf_regex);
   free(subst->replacement);
   free(subst);
}

/* The offsets of a name's bytes that are no part of a valid UTF-8
 * character, in order: where a name that is not valid UTF-8 is valid. */
typedef struct {
   size_t* offsets;
   size_t count;
   size_t next; /* the first at or after the last offset asked about */
} invalid_bytes_t;

/* The length of the valid UTF-8 character at P (LEFT bytes there), or 0.
 * Valid as PCRE2 checks it (RFC 3629): no overlong forms, no surrogates,
 * nothing beyond U+10FFFF. */
static size_t valid_character(const unsigned char* p, size_t left)
{
   unsigned char low = 0x80, high = 0xBF;
   size_t length;
   if (p[0] < 0x80)
      return 1;
   if (p[0] < 0xC2 || p[0] > 0xF4)
      return 0;
   if (p[0] < 0xE0) {
      length = 2;
   } else if (p[0] < 0xF0) {
      length = 3;
      low = p[0] == 0xE0 ? 0xA0 : low;
      high = p[0] == 0xED ? 0x9F : high;
   } else {
      length = 4;
      low = p[0] == 0xF0 ? 0x90 : low;
      high = p[0] == 0xF4 ? 0x8F : high;
   }
   if (left < length || p[1] < low || p[1] > high)
      return 0;
   for (size_t i = 2; i < length; i++)
      if ((p[i] & 0xC0) != 0x80)
         return 0;
   return length;
}

static invalid_bytes_t find_invalid_bytes(const char* text, size_t length)
{
   invalid_bytes_t invalid = {0};
   size_t capacity = 0;
   for (size_t at = 0; at < length;) {
      size_t valid =
         valid_character((const unsigned char*)text + at, length - at);
      if (valid > 0) {
         at += valid;
         continue;
      }
      if (invalid.count == capacity) {
         capacity = capacity ? capacity * 2 : 16;
         invalid.offsets = cg_xreallocarray(invalid.offsets, capacity,
                                            sizeof *invalid.offsets);
      }
      invalid.offsets[invalid.count++] = at++;
   }
   return invalid;
}

/* One match from START with OPTIONS, as pcre2_match() with the pattern
 * for names that are not valid UTF-8 finds it.  That one checks the name
 * from START (less its look behind) to the first invalid byte, and looks
 * for a match before it as in a name that ends there, where $ does not
 * match; if none, it goes on from there.  Where START lies in a stretch of
 * valid bytes, far enough into it for the furthest look behind, the
 * pattern for valid names is given the stretch so, unchecked, and only if
 * it finds no match is the other asked on from the stretch's end. */
static int match_from(const cg_subst* subst, const char* text, size_t length,
                      size_t start, uint32_t options,
                      invalid_bytes_t* invalid, pcre2_match_data* match)
{
   while (invalid->next < invalid->count &&
          invalid->offsets[invalid->next] < start)
      invalid->next++;
   size_t end = invalid->next < invalid->count
                   ? invalid->offsets[invalid->next]
                   : length;
   size_t stretch =
      invalid->next > 0 ? invalid->offsets[invalid->next - 1] + 1 : 0;
   if (start < end &&
       (stretch == 0 || start - stretch >= subst->lookbehind_room)) {
      int status = pcre2_match(
         subst->regex, (PCRE2_SPTR)text, end, start,
         options | PCRE2_NO_UTF_CHECK | (end < length ? PCRE2_NOTEOL : 0),
         match, NULL);
      if (status != PCRE2_ERROR_NOMATCH || (options & PCRE2_ANCHORED) ||
          end == length)
         return status;
      start = end;
   }
   int status = pcre2_match(subst->invalid_utf_regex, (PCRE2_SPTR)text,
                            length, start, options, match, NULL);
   /* PCRE2 10.42 goes on to the next stretch of valid bytes even when the
    * match is anchored: such a match is none. */
   if (status >= 0 && (options & PCRE2_ANCHORED) &&
       pcre2_get_ovector_pointer(match)[0] != start)
      return PCRE2_ERROR_NOMATCH;
   return status;
}

/* Appends the replacement for the match in MATCH (GROUPS groups set):
 * its text, with $$ for a $ and ${N} for group N (empty if unset), the
 * only forms translate_replacement() writes. */
static void append_replacement(cg_text* out, const char* replacement,
                               const char* text, const PCRE2_SIZE* ovector,
                               int groups)
{
   for (const char* p = replacement; *p != '\0';) {
      if (p[0] == '$' && p[1] == '{') {
         char* close;
         unsigned long group = strtoul(p + 2, &close, 10);
         if (group < (unsigned long)groups &&
             ovector[2 * group] != PCRE2_UNSET)
            cg_text_append(out, text + ovector[2 * group],
                           ovector[2 * group + 1] - ovector[2 * group]);
         p = close + 1;
      } else {
         cg_text_append(out, p, 1);
         p += p[0] == '$' ? 2 : 1;
      }
   }
}

/* Every match replaced in a name that is not valid UTF-8, in the order and
 * by the rules of pcre2_substitute(), whose matching would here check the
 * rest of the name again for each match (see match_from()).  After an
 * empty match, the next is looked for at the same place, not empty and
 * anchored, and failing that from one character on. */
static char* substitute_in_invalid(const cg_subst* subst, const char* text,
                                   size_t length, size_t* result_length,
                                   char* error, size_t error_size)
{
   pcre2_match_data* match =
      pcre2_match_data_create_from_pattern(subst->regex, NULL);
   if (match == NULL) {
      snprintf(error, error_size, "out of memory");
      return NULL;
   }
   PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(match);
   invalid_bytes_t invalid = find_invalid_bytes(text, length);
   cg_text out = {0};
   cg_text_append(&out, "", 0);
   size_t start = 0;
   uint32_t again = 0; /* the options after an empty match */
   /* The last match, and where it was looked for from. */
   PCRE2_SIZE last_begin = PCRE2_UNSET, last_end = PCRE2_UNSET,
              last_from = PCRE2_UNSET;
   int status;
   for (;;) {
      status = match_from(subst, text, length, start, again, &invalid, match);
      if (status == PCRE2_ERROR_NOMATCH) {
         status = 0;
         if (again == 0 || start >= length)
            break;
         size_t from = start++;
         while (start < length && ((unsigned char)text[start] & 0xC0) == 0x80)
            start++;
         cg_text_append(&out, text + from, start - from);
         again = 0;
         continue;
      }
      if (status < 0)
         break;
      if (ovector[1] < ovector[0] || ovector[0] < start) {
         status = PCRE2_ERROR_BADSUBSPATTERN;
         break;
      }
      if (ovector[0] == last_begin && ovector[1] == last_end) {
         if (ovector[0] == ovector[1] && last_from != start) {
            again = PCRE2_ANCHORED | PCRE2_NOTEMPTY_ATSTART;
            last_from = start;
            continue;
         }
         status = PCRE2_ERROR_INTERNAL_DUPMATCH;
         break;
      }
      cg_text_append(&out, text + start, ovector[0] - start);
      append_replacement(&out, subst->replacement, text, ovector, status);
      last_begin = ovector[0];
      last_end = ovector[1];
      last_from = start;
      again = ovector[0] != ovector[1] || ovector[0] > start
                 ? 0
                 : PCRE2_ANCHORED | PCRE2_NOTEMPTY_ATSTART;
      start = ovector[1];
   }
   pcre2_match_data_free(match);
   free(invalid.offsets);
   if (status < 0) {
      PCRE2_UCHAR message[256];
      pcre2_get_error_message(status, message, sizeof message);
      snprintf(error, error_size, "%s", (char*)message);
      free(out.text);
      return NULL;
   }
   cg_text_append(&out, text + start, length - start);
   *result_length = out.length;
   return out.text;
}

char* cg_subst_apply(const cg_subst* subst, const char* text, size_t length,
                     size_t* result_length, char* error, size_t error_size)
{
   uint32_t options = PCRE2_SUBSTITUTE_OVERFLOW_LENGTH |
                      PCRE2_SUBSTITUTE_UNSET_EMPTY |
                      (subst->global ? PCRE2_SUBSTITUTE_GLOBAL : 0);
   PCRE2_SIZE capacity = length * 2 + 64;
   const pcre2_code* regex = subst->regex;
   for (;;) {
      char* out = cg_xmalloc(capacity);
      PCRE2_SIZE out_length = capacity;
      int status = pcre2_substitute(
         regex, (PCRE2_SPTR)text, length, 0, options, NULL, NULL,
         (PCRE2_SPTR)subst->replacement, PCRE2_ZERO_TERMINATED,
         (PCRE2_UCHAR*)out, &out_length);
      if (status >= 0) {
         *result_length = out_length;
         return out;
      }
      free(out);
      if (status <= PCRE2_ERROR_UTF8_ERR1 && status >= PCRE2_ERROR_UTF8_ERR21 &&
          regex != subst->invalid_utf_regex) {
         if (subst->global)
            return substitute_in_invalid(subst, text, length, result_length,
                                         error, error_size);
         regex = subst->invalid_utf_regex;
         continue;
      }
      if (status != PCRE2_ERROR_NOMEMORY) {
         PCRE2_UCHAR message[256];
         pcre2_get_error_message(status, message, sizeof message);
         snprintf(error, error_size, "%s", (char*)message);
         return NULL;
      }
      capacity = out_length + 1;
   }
}
