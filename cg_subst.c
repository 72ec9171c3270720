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
    * the rest of the name at every match, which makes a global replacement
    * in a long name quadratic; the first is checked once, at its start, so
    * that only a long name that is not valid UTF-8 still costs that. */
   pcre2_code* regex;
   pcre2_code* invalid_utf_regex;
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
