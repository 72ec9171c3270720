/* cg_args.h: command-line parsing for the post-processing programs, with
 * the conventions their users know from the established versions: long
 * options as "--opt=value" or "--opt value", any unambiguous prefix of a
 * long option, options and file names in any order, "--" ending the
 * options, and usage errors printed under the usage text with status 2,
 * a missing file reported before an unknown option, as argparse does.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_ARGS_H
#define CG_ARGS_H

#include <stddef.h>

#include "cg_help.h"

struct cg_subst;

typedef struct cg_option {
   const char* name;    /* "--context", "--show-percs=yes" or "-o" */
   int takes_value;
   int id;              /* what the program's handler switches on */
   const char* display; /* its name in error messages, if not NAME */
} cg_option;

/* The options every program has, which the parser handles itself:
 * -h/--help prints the usage and the help text, --version the version,
 * and both exit with status 0.  Each program's table starts with them. */
#define CG_OPT_HELP    (-1)
#define CG_OPT_VERSION (-2)
#define CG_STANDARD_OPTIONS                        \
   {"-h", 0, CG_OPT_HELP, "-h/--help"},            \
   {"--help", 0, CG_OPT_HELP, "-h/--help"},        \
   {"--version", 0, CG_OPT_VERSION, NULL}
/* How the usage and --help show them. */
#define CG_STANDARD_USAGE_PARTS "[-h]", "[--version]"
#define CG_STANDARD_HELP_ITEMS                               \
   {"-h, --help", "show this help message and exit"},       \
   {"--version", "show program's version number and exit"}

/* The renaming options cg_annotate and cg_diff share (see
 * cg_subst_option()), as their usage and --help show them. */
#define CG_MOD_NAME_USAGE_PARTS \
   "[--mod-filename REGEX]", "[--mod-funcname REGEX]"
#define CG_MOD_NAME_HELP_ITEMS                                             \
   {"--mod-filename REGEX",                                                \
    "a search-and-replace regex applied to filenames, e.g. "               \
    "`s/prog[0-9]/progN/`"},                                               \
   {"--mod-funcname REGEX", "like --mod-filename, but for function names"}

typedef struct cg_arg_parser {
   const cg_option* options;
   size_t option_count;
   const cg_help_text* help; /* what the usage and --help say */
   /* The positional arguments that must be given, by name as errors
    * name them, ending with NULL; MAX_POSITIONALS, if not 0, is how many
    * may be (the others are unrecognized arguments). */
   const char* const* required_positionals;
   size_t max_positionals;
   /* Called for each option in order but the standard ones; VALUE is
    * NULL for a flag. */
   void (*handle)(void* context, const cg_option* option, const char* value);
   void* context;
} cg_arg_parser;

/* Parses ARGV[1..ARGC); stores the positional arguments (pointers into
 * ARGV) in a new array, at least as many as are required.  Usage errors
 * are fatal (status 2). */
void cg_args_parse(const cg_arg_parser* parser, int argc, char** argv,
                   char*** positionals, size_t* positional_count);

/* Sets *SLOT to the value of --mod-filename / --mod-funcname (OPTION),
 * freeing the one an earlier use set (the last one counts): an expression
 * not of the form s/regex/replacement/flags is a usage error (status 2),
 * a regex that does not compile a fatal one (status 1). */
void cg_subst_option(struct cg_subst** slot, const cg_help_text* help,
                     const char* option, const char* expr);

/* Prints the usage, then "PROG: error: MESSAGE", and exits with STATUS. */
void cg_usage_error(const cg_help_text* help, int status,
                    const char* format, ...)
   __attribute__((noreturn, format(printf, 3, 4)));

#endif
