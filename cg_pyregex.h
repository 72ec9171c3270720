/* cg_pyregex.h: a regex as Python's re module reads it, rewritten in
 * PCRE2's syntax, for the s/regex/replacement/ expressions of
 * --mod-filename and --mod-funcname (cg_subst.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_PYREGEX_H
#define CG_PYREGEX_H

#include <stddef.h>

/* Returns PATTERN in PCRE2's syntax (to free), to be compiled with
 * PCRE2_UTF, and PCRE2_UCP unless *ASCII is set (Python's global a flag);
 * or NULL, with why (one line, naming the byte offset in PATTERN) written
 * into ERROR, for a pattern that Python refuses and PCRE2 would take, or
 * a form this program does not support.  A pattern both refuse may be
 * returned, for PCRE2 to say why. */
char* cg_pyregex_translate(const char* pattern, int* ascii, char* error,
                           size_t error_size);

/* The length of the octal escape that DIGITS (what follows a backslash)
 * begins, by Python's rule, with its value in *CODE: outside a class, \0
 * and up to two more octal digits, or three octal digits (other digits
 * name a group: 0 is returned); within a class, one to three octal digits.
 * The value may be beyond a byte, which Python refuses. */
size_t cg_pyregex_octal(const char* digits, int in_class, unsigned* code);

#endif
