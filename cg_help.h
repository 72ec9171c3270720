/* cg_help.h: the usage and --help texts of the post-processing programs,
 * laid out as Python's argparse lays out those of the established
 * programs: wrapped to the terminal's width ($COLUMNS, else the width of
 * the terminal on standard output, else 80 columns) and headed by the
 * name the program was run by.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_HELP_H
#define CG_HELP_H

/* One argument as --help lists it. */
typedef struct cg_help_item {
   const char* invocation; /* "-o FILE" or "-h, --help" */
   const char* help;       /* what it does, one paragraph */
} cg_help_item;

/* What a program's usage and --help say; each array ends with NULL (or
 * an item whose invocation is NULL). */
typedef struct cg_help_text {
   /* The usage line's pieces, each kept whole when the line is wrapped:
    * "[-h]", "[--show-percs | --no-show-percs]", "cachegrind-out-file". */
   const char* const* option_parts;
   const char* const* positional_parts;
   const char* description;
   const cg_help_item* positionals;
   const cg_help_item* options;
} cg_help_text;

/* The width to lay out for: argparse's, two columns less than $COLUMNS
 * or the terminal's.  It can be zero or less for a tiny $COLUMNS. */
int cg_help_width(void);

/* "usage: PROG ...\n", a newly allocated string. */
char* cg_help_usage(const cg_help_text* text, const char* prog, int width);

/* The usage, the description and the arguments with what they do, as
 * --help prints them; a newly allocated string. */
char* cg_help_full(const cg_help_text* text, const char* prog, int width);

#endif
