/* cg_merge: sums cachegrind.out profiles into one.
 *
 *   cg_merge [-o OUTFILE] FILE...
 *
 * The counts of every (file, function, line) are added up; the header
 * (desc: and cmd: lines) is the first file's.  The output lists each file
 * once, its functions once each and their lines once each, in the order
 * they were first met, which makes the result independent of the input
 * order up to that ordering.  See docs/cg_merge.1.
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

static const char* const usage_options[] = {CG_STANDARD_USAGE_PARTS,
                                            "[-o FILE]", NULL};
static const char* const usage_positionals[] = {
   "cachegrind-out-file", "[cachegrind-out-file ...]", NULL};
static const cg_help_item positional_help[] = {
   {"cachegrind-out-file", "file produced by Cachegrind"},
   {NULL, NULL},
};
static const cg_help_item option_help[] = {
   CG_STANDARD_HELP_ITEMS,
   {"-o FILE", "output file (default: stdout)"},
   {NULL, NULL},
};
static const cg_help_text help = {
   usage_options, usage_positionals, "Merge multiple Cachegrind output files.",
   positional_help, option_help};
static const char* const required_files[] = {"cachegrind-out-file", NULL};

enum { OPT_OUTPUT };

static const cg_option options[] = {
   CG_STANDARD_OPTIONS,
   {"-o", 1, OPT_OUTPUT, NULL},
};

static void handle_option(void* context, const cg_option* option,
                          const char* value)
{
   const char** output_path = context;
   switch (option->id) {
   case OPT_OUTPUT:
      *output_path = value;
      break;
   }
}

/* Writes the profile's pairs grouped by file, each group where its file
 * was first met, and each pair's lines in the order they were met. */
static void write_merged(FILE* out, const cg_profile* profile)
{
   size_t pairs = profile->pair_count, events = profile->event_count;
   /* first_pair_of[file] = the earliest pair naming it (pairs are numbered
    * in the order they were met). */
   uint32_t* first_pair_of =
      cg_xcalloc(profile->names.count, sizeof(uint32_t));
   for (size_t p = pairs; p-- > 0;)
      first_pair_of[profile->pair_file[p]] = (uint32_t)p;
   /* A stable counting sort of the pairs by their file's first pair. */
   size_t* group_start = cg_xcalloc(pairs + 1, sizeof(size_t));
   uint32_t* pair_order = cg_xcalloc(pairs, sizeof(uint32_t));
   for (size_t p = 0; p < pairs; p++)
      group_start[first_pair_of[profile->pair_file[p]] + 1]++;
   for (size_t g = 0; g < pairs; g++)
      group_start[g + 1] += group_start[g];
   for (size_t p = 0; p < pairs; p++)
      pair_order[group_start[first_pair_of[profile->pair_file[p]]]++] =
         (uint32_t)p;
   /* The entries of each pair, in the order they were met. */
   size_t* entry_start = cg_xcalloc(pairs + 1, sizeof(size_t));
   size_t* entry_order = cg_xcalloc(profile->entry_count, sizeof(size_t));
   for (size_t e = 0; e < profile->entry_count; e++)
      entry_start[profile->entry_pair[e] + 1]++;
   for (size_t p = 0; p < pairs; p++)
      entry_start[p + 1] += entry_start[p];
   size_t* next_slot = cg_xcalloc(pairs + 1, sizeof(size_t));
   memcpy(next_slot, entry_start, (pairs + 1) * sizeof(size_t));
   for (size_t e = 0; e < profile->entry_count; e++)
      entry_order[next_slot[profile->entry_pair[e]]++] = e;

   for (size_t i = 0; i < pairs; i++) {
      uint32_t p = pair_order[i];
      if (i == 0 ||
          profile->pair_file[pair_order[i - 1]] != profile->pair_file[p])
         cg_write_name_line(
             out, "fl", cg_name_text(&profile->names, profile->pair_file[p]));
      cg_write_name_line(
          out, "fn", cg_name_text(&profile->names, profile->pair_function[p]));
      for (size_t k = entry_start[p]; k < entry_start[p + 1]; k++)
         cg_write_count_line(out, profile->entry_line[entry_order[k]],
                             cg_entry_counts(profile, entry_order[k]), events);
   }
   free(first_pair_of);
   free(group_start);
   free(pair_order);
   free(entry_start);
   free(entry_order);
   free(next_slot);
}

static void write_profile(const char* path, const cg_profile* profile)
{
   cg_output output;
   cg_output_open(&output, path);
   const cg_input* first = &profile->inputs[0];
   for (size_t d = 0; d < first->description_count; d++)
      fprintf(output.stream, "desc: %s\n", first->descriptions[d]);
   fprintf(output.stream, "cmd: %s\n", first->command);
   cg_write_events_line(output.stream, profile);
   write_merged(output.stream, profile);
   cg_write_summary_line(output.stream, profile);
   cg_output_close(&output);
}

int main(int argc, char** argv)
{
   const char* output_path = NULL;
   char** files;
   size_t file_count;
   cg_cli_start("cg_merge", argv[0]);
   cg_arg_parser parser = {.options = options,
                           .option_count = sizeof options / sizeof options[0],
                           .help = &help,
                           .required_positionals = required_files,
                           .handle = handle_option,
                           .context = &output_path};
   cg_args_parse(&parser, argc, argv, &files, &file_count);

   cg_read_rules rules = {.unnamed_function = "???"};
   cg_profile profile;
   cg_profile_init(&profile, &rules);
   for (size_t f = 0; f < file_count; f++) {
      if (!cg_profile_read(&profile, files[f], 1)) {
         if (profile.error_detail != NULL)
            cg_fatal("%s (%s)", profile.error, profile.error_detail);
         cg_fatal("%s", profile.error);
      }
   }
   if (!cg_profile_counts_fit(&profile, 1))
      cg_fatal("%s", profile.error);
   write_profile(output_path, &profile);
   cg_profile_free(&profile);
   free(files);
   return 0;
}
