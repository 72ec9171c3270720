/* cg_diff: the difference of two cachegrind.out profiles, per function.
 *
 *   cg_diff [--mod-filename=EXPR] [--mod-funcname=EXPR] FILE1 FILE2
 *
 * Each (file, function) pair gets FILE2's total minus FILE1's, recorded on
 * line 0, pairs sorted by file then function name.  The EXPRs rename files
 * and functions in both inputs before they are compared, so that, say,
 * v1/prog.c and v2/prog.c meet.  See docs/cg_diff.1.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_args.h"
#include "cg_cli.h"
#include "cg_output.h"
#include "cg_profile.h"

static const char* const usage_options[] = {
   CG_STANDARD_USAGE_PARTS, CG_MOD_NAME_USAGE_PARTS, NULL};
/* Both files are required, and the usage shows them as they are. */
static const char* const required_files[] = {"cachegrind-out-file1",
                                             "cachegrind-out-file2", NULL};
static const cg_help_item positional_help[] = {
   {"cachegrind-out-file1", "file produced by Cachegrind"},
   {"cachegrind-out-file2", "file produced by Cachegrind"},
   {NULL, NULL},
};
static const cg_help_item option_help[] = {
   CG_STANDARD_HELP_ITEMS,
   CG_MOD_NAME_HELP_ITEMS,
   {NULL, NULL},
};
static const cg_help_text help = {
   usage_options, required_files,
   "Diff two Cachegrind output files. Deprecated; use `cg_annotate --diff` "
   "instead.",
   positional_help, option_help};

enum { OPT_MOD_FILENAME, OPT_MOD_FUNCNAME };

static const cg_option options[] = {
   CG_STANDARD_OPTIONS,
   {"--mod-filename", 1, OPT_MOD_FILENAME, NULL},
   {"--mod-funcname", 1, OPT_MOD_FUNCNAME, NULL},
};

typedef struct {
   cg_subst* file_subst;
   cg_subst* function_subst;
} diff_options;

static void handle_option(void* context, const cg_option* option,
                          const char* value)
{
   diff_options* chosen = context;
   switch (option->id) {
   case OPT_MOD_FILENAME:
      cg_subst_option(&chosen->file_subst, &help, option->name, value);
      break;
   case OPT_MOD_FUNCNAME:
      cg_subst_option(&chosen->function_subst, &help, option->name, value);
      break;
   }
}

static const cg_profile* sorted_profile;

static int by_file_then_function(const void* a, const void* b)
{
   const cg_profile* profile = sorted_profile;
   uint32_t pa = *(const uint32_t*)a, pb = *(const uint32_t*)b;
   int order = strcmp(cg_name_text(&profile->names, profile->pair_file[pa]),
                      cg_name_text(&profile->names, profile->pair_file[pb]));
   if (order != 0)
      return order;
   return strcmp(cg_name_text(&profile->names, profile->pair_function[pa]),
                 cg_name_text(&profile->names, profile->pair_function[pb]));
}

static void write_difference(const cg_profile* profile, char** files)
{
   cg_output output;
   cg_output_open(&output, NULL);
   FILE* out = output.stream;
   fprintf(out, "desc: Files compared:   %s; %s\n", files[0], files[1]);
   fprintf(out, "cmd: %s; %s\n", profile->inputs[0].command,
           profile->inputs[1].command);
   cg_write_events_line(out, profile);

   uint32_t* order = cg_xcalloc(profile->pair_count, sizeof(uint32_t));
   for (size_t p = 0; p < profile->pair_count; p++)
      order[p] = (uint32_t)p;
   sorted_profile = profile;
   qsort(order, profile->pair_count, sizeof *order, by_file_then_function);
   for (size_t i = 0; i < profile->pair_count; i++) {
      uint32_t p = order[i];
      cg_write_name_line(out, "fl",
                         cg_name_text(&profile->names, profile->pair_file[p]));
      cg_write_name_line(
          out, "fn", cg_name_text(&profile->names, profile->pair_function[p]));
      cg_write_count_line(out, 0, cg_pair_counts(profile, p),
                          profile->event_count);
   }
   free(order);
   cg_write_summary_line(out, profile);
   cg_output_close(&output);
}

int main(int argc, char** argv)
{
   diff_options chosen = {NULL, NULL};
   char** files;
   size_t file_count;
   cg_cli_start("cg_diff", argv[0]);
   cg_arg_parser parser = {.options = options,
                           .option_count = sizeof options / sizeof options[0],
                           .help = &help,
                           .required_positionals = required_files,
                           .max_positionals = 2,
                           .handle = handle_option,
                           .context = &chosen};
   cg_args_parse(&parser, argc, argv, &files, &file_count);

   /* Only per-function totals are reported, so no line is kept. */
   cg_read_rules rules = {.unnamed_function = "???",
                          .file_subst = chosen.file_subst,
                          .function_subst = chosen.function_subst,
                          .keep_lines = cg_keep_no_lines};
   cg_profile profile;
   cg_profile_init(&profile, &rules);
   /* A difference of events is told without its detail (which file has
    * which), as the established program tells it (tests/golden). */
   for (size_t f = 0; f < 2; f++)
      if (!cg_profile_read(&profile, files[f], f == 0 ? -1 : 1))
         cg_fatal("%s", profile.error);
   if (!cg_profile_counts_fit(&profile, 0))
      cg_fatal("%s", profile.error);
   write_difference(&profile, files);
   cg_profile_free(&profile);
   cg_subst_free(chosen.file_subst);
   cg_subst_free(chosen.function_subst);
   free(files);
   return 0;
}
