/* cg_subst.h: the s/regex/replacement/flags expressions of --mod-filename
 * and --mod-funcname, as Python's re.sub reads them: the regex matches
 * names as UTF-8 text; the replacement takes \N and \g<name> group
 * references and octal escapes; the flags are g (all matches, not just the
 * first) and i (ignore case).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_SUBST_H
#define CG_SUBST_H

#include <stddef.h>

typedef struct cg_subst cg_subst;

enum cg_subst_status {
   CG_SUBST_OK,
   CG_SUBST_BAD_FORM,  /* not s/.../.../ with flags g, i, gi or ig */
   CG_SUBST_BAD_REGEX, /* the regex or the replacement does not compile */
};

/* Parses EXPR.  On success stores a new expression in *RESULT; otherwise
 * writes why into ERROR (one line, without the expression itself). */
enum cg_subst_status cg_subst_parse(const char* expr, cg_subst** result,
                                    char* error, size_t error_size);
void cg_subst_free(cg_subst* subst);

/* Returns a new NUL-terminated string: TEXT (LENGTH bytes) with the
 * substitution applied, its length in *RESULT_LENGTH.  Returns NULL and
 * writes why into ERROR if PCRE2 fails to substitute (a match or depth
 * limit reached; references to groups were checked by cg_subst_parse()). */
char* cg_subst_apply(const cg_subst* subst, const char* text, size_t length,
                     size_t* result_length, char* error, size_t error_size);

#endif
