/* fuzz_profile.c: a libFuzzer target for the profile reader.
 *
 * Each input is taken as a whole cachegrind.out file, put in an in-memory
 * file (memfd) and read through /proc/self/fd/N, as the programs read a
 * path.  It is read under the rules of one of the programs that use the
 * reader, chosen by the input's size modulo 3 (so mutations reach all
 * three, and one input always takes the same path):
 *   0 cg_merge's: every line kept, read twice into one profile, so sums
 *     and their overflow checks are exercised;
 *   1 cg_diff's: no lines kept, renamings of files and functions, read
 *     with sign -1 then +1: every count must then be 0, and fit, however
 *     far its sum went on the way;
 *   2 an annotation's: fi=/fe= accepted, counts before the first fl= kept
 *     in the total, fl= recording the unnamed function, lines kept only for
 *     some files.
 * One set of rules per input, not all three, because every read allocates
 * the reader's 1 MB buffer, which under ASan is most of the time a run
 * takes.
 * A read may succeed or fail; either way the profile is freed, so ASan
 * checks for leaks, and a failure must leave a one-line message.
 *
 * Built by "make fuzz" (see Makefile.am) with
 * clang -fsanitize=fuzzer,address,undefined.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cg_profile.h"
#include "cg_subst.h"

static int input_fd = -1;
static char input_path[64];
static cg_subst* file_subst;
static cg_subst* function_subst;

static cg_subst* compile(const char* expr)
{
   cg_subst* subst = NULL;
   char why[256];
   if (cg_subst_parse(expr, &subst, why, sizeof why) != CG_SUBST_OK) {
      fprintf(stderr, "fuzz_profile: %s: %s\n", expr, why);
      abort();
   }
   return subst;
}

int LLVMFuzzerInitialize(int* argc, char*** argv)
{
   (void)argc;
   (void)argv;
   input_fd = memfd_create("fuzz_profile", 0);
   if (input_fd < 0) {
      perror("fuzz_profile: memfd_create");
      abort();
   }
   snprintf(input_path, sizeof input_path, "/proc/self/fd/%d", input_fd);
   /* What cg_diff's users write: strip a version folder, and name all
    * numbered clones alike. */
   file_subst = compile("s/v[0-9]+\\//vN\\//g");
   function_subst = compile("s/(\\w+)\\.clone\\.[0-9]+/\\1/");
   return 0;
}

static void set_input(const uint8_t* data, size_t size)
{
   if (ftruncate(input_fd, 0) != 0 ||
       pwrite(input_fd, data, size, 0) != (ssize_t)size) {
      perror("fuzz_profile: writing the input");
      abort();
   }
}

/* A failed read must say why in one line. */
static void check_read(cg_profile* profile, int ok)
{
   if (ok)
      return;
   if (profile->error == NULL || profile->error[0] == '\0' ||
       strchr(profile->error, '\n') != NULL) {
      fprintf(stderr, "fuzz_profile: bad error message: '%s'\n",
              profile->error ? profile->error : "(none)");
      abort();
   }
}

static int some_files_keep_lines(void* context, const char* file_name)
{
   (void)context;
   return strchr(file_name, '.') != NULL;
}

static int no_file_keeps_lines(void* context, const char* file_name)
{
   (void)context;
   (void)file_name;
   return 0;
}

/* A file read with sign -1 and then +1 leaves nothing. */
static void check_cancelled(cg_profile* profile)
{
   int zero = cg_profile_counts_fit(profile, 1);
   size_t events = profile->event_count;
   for (size_t e = 0; e < events; e++)
      zero &= profile->summary[e] == 0;
   for (size_t c = 0; c < profile->pair_count * events; c++)
      zero &= profile->pair_counts[c] == 0;
   if (!zero) {
      fprintf(stderr, "fuzz_profile: a file minus itself is not 0 (%s)\n",
              profile->error ? profile->error : "its counts fit");
      abort();
   }
}

static void read_as(const cg_read_rules* rules, int first_sign,
                    int second_sign)
{
   cg_profile profile;
   cg_profile_init(&profile, rules);
   int ok = cg_profile_read(&profile, input_path, first_sign);
   check_read(&profile, ok);
   if (ok && second_sign != 0) {
      ok = cg_profile_read(&profile, input_path, second_sign);
      check_read(&profile, ok);
   }
   if (ok && second_sign == -first_sign)
      check_cancelled(&profile);
   else if (ok)
      check_read(&profile, cg_profile_counts_fit(&profile, 1));
   cg_profile_free(&profile);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
   set_input(data, size);
   switch (size % 3) {
   case 0: {
      cg_read_rules merge = {.unnamed_function = "???"};
      read_as(&merge, 1, 1);
      break;
   }
   case 1: {
      cg_read_rules diff = {.unnamed_function = "???",
                            .file_subst = file_subst,
                            .function_subst = function_subst,
                            .keep_lines = no_file_keeps_lines};
      read_as(&diff, -1, 1);
      break;
   }
   default: {
      cg_read_rules annotate = {.accept_inline_files = 1,
                                .total_only_before_file = 1,
                                .unnamed_function = "<unspecified>",
                                .record_unnamed_on_file_line = 1,
                                .keep_lines = some_files_keep_lines};
      read_as(&annotate, 1, 0);
      break;
   }
   }
   return 0;
}
