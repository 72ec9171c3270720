/* fuzz_subst.c: a libFuzzer target for the s/regex/replacement/flags
 * expressions of --mod-filename and --mod-funcname.
 *
 * The input is split at its first newline: before it, the expression;
 * after it, the name it is applied to (a name may hold any byte, NULs
 * included; an expression cannot, so it ends at a NUL).  A parse may fail
 * with a one-line reason; an expression that parses is applied, and
 * applying either gives a NUL-terminated result of the length it reports
 * or fails with a one-line reason.
 *
 * Built by "make fuzz" (see Makefile.am) with
 * clang -fsanitize=fuzzer,address,undefined.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_subst.h"

static void check_reason(const char* what, const char* why)
{
   if (why[0] == '\0' || strchr(why, '\n') != NULL) {
      fprintf(stderr, "fuzz_subst: bad reason after %s: '%s'\n", what, why);
      abort();
   }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
   const char* text = (const char*)data;
   const char* newline = memchr(text, '\n', size);
   size_t expr_length = newline ? (size_t)(newline - text) : size;
   char* expr = cg_xstrndup(text, expr_length);
   const char* subject = newline ? newline + 1 : "";
   size_t subject_length = newline ? size - expr_length - 1 : 0;

   cg_subst* subst = NULL;
   char why[256] = "";
   if (cg_subst_parse(expr, &subst, why, sizeof why) != CG_SUBST_OK) {
      check_reason("parsing", why);
      free(expr);
      return 0;
   }
   size_t result_length = 0;
   char* result = cg_subst_apply(subst, subject, subject_length,
                                 &result_length, why, sizeof why);
   if (result == NULL) {
      check_reason("applying", why);
   } else if (result[result_length] != '\0') {
      fprintf(stderr, "fuzz_subst: result not NUL-terminated\n");
      abort();
   }
   free(result);
   cg_subst_free(subst);
   free(expr);
   return 0;
}
