/* cg_args.c: the command-line parser of the post-processing programs (see
 * cg_args.h).  Options are handled left to right as they come, so "-h"
 * exits before later mistakes are seen; unknown arguments are gathered and
 * reported together once everything else has been parsed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_args.h"
#include "cg_cli.h"
#include "cg_subst.h"

void cg_usage_error(const cg_help_text* help, int status,
                    const char* format, ...)
{
   va_list args;
   fflush(stdout);
   char* usage = cg_help_usage(help, cg_invoked_name(), cg_help_width());
   fputs(usage, stderr);
   free(usage);
   fprintf(stderr, "%s: error: ", cg_invoked_name());
   va_start(args, format);
   vfprintf(stderr, format, args);
   va_end(args);
   fputc('\n', stderr);
   exit(status);
}

void cg_subst_option(cg_subst** slot, const cg_help_text* help,
                     const char* option, const char* expr)
{
   char why[512];
   cg_subst* subst = NULL;
   switch (cg_subst_parse(expr, &subst, why, sizeof why)) {
   case CG_SUBST_OK:
      cg_subst_free(*slot);
      *slot = subst;
      return;
   case CG_SUBST_BAD_FORM:
      cg_usage_error(help, 2,
                     "argument %s: invalid search_and_replace value: '%s'",
                     option, expr);
   case CG_SUBST_BAD_REGEX:
      break;
   }
   cg_fatal("argument %s: %s", option, why);
}

static const char* shown_name(const cg_option* option)
{
   return option->display ? option->display : option->name;
}

/* "-5", "-.5" and "-1.5" are values, not options (argparse's test: no
 * exponent, no sign after the dash). */
static int looks_like_negative_number(const char* arg)
{
   static const char digits[] = "0123456789";
   if (arg[0] != '-')
      return 0;
   const char* at = arg + 1;
   size_t whole = strspn(at, digits);
   at += whole;
   if (*at == '\0')
      return whole > 0;
   if (*at != '.')
      return 0;
   at++;
   size_t fraction = strspn(at, digits);
   return fraction > 0 && at[fraction] == '\0';
}

/* Finds the long option ARG names, exactly or as a unique prefix; sets
 * *EXPLICIT to the text after '=' if that is not part of the name.
 * Returns NULL if nothing matches; an ambiguous prefix is fatal. */
static const cg_option* find_long(const cg_arg_parser* parser,
                                  const char* arg, const char** explicit)
{
   *explicit = NULL;
   for (size_t i = 0; i < parser->option_count; i++)
      if (strcmp(parser->options[i].name, arg) == 0)
         return &parser->options[i];
   const char* equals = strchr(arg, '=');
   size_t prefix_length = equals ? (size_t)(equals - arg) : strlen(arg);
   if (equals != NULL) {
      for (size_t i = 0; i < parser->option_count; i++)
         if (strlen(parser->options[i].name) == prefix_length &&
             strncmp(parser->options[i].name, arg, prefix_length) == 0) {
            *explicit = equals + 1;
            return &parser->options[i];
         }
   }
   const cg_option* found = NULL;
   char candidates[1024] = "";
   size_t matches = 0;
   for (size_t i = 0; i < parser->option_count; i++) {
      const char* name = parser->options[i].name;
      if (name[1] == '-' && strncmp(name, arg, prefix_length) == 0) {
         found = &parser->options[i];
         size_t used = strlen(candidates);
         snprintf(candidates + used, sizeof candidates - used, "%s%s",
                  matches++ ? ", " : "", name);
      }
   }
   if (matches > 1)
      cg_usage_error(parser->help, 2, "ambiguous option: %s could match %s",
                     arg, candidates);
   if (found != NULL && equals != NULL)
      *explicit = equals + 1;
   return found;
}

/* Finds the short option ARG ("-o", "-oVALUE", "-o=VALUE") names. */
static const cg_option* find_short(const cg_arg_parser* parser,
                                   const char* arg, const char** explicit)
{
   *explicit = NULL;
   for (size_t i = 0; i < parser->option_count; i++) {
      const char* name = parser->options[i].name;
      if (name[1] != '-' && name[1] == arg[1]) {
         if (arg[2] != '\0')
            *explicit = arg[2] == '=' ? arg + 3 : arg + 2;
         return &parser->options[i];
      }
   }
   return NULL;
}

static const cg_option* find_option(const cg_arg_parser* parser,
                                    const char* arg, const char** explicit)
{
   return arg[1] == '-' ? find_long(parser, arg, explicit)
                        : find_short(parser, arg, explicit);
}

/* Whether ARG is an option (known or not) rather than a file name or a
 * value, as argparse tells them: it starts with '-' and is more than
 * that, is no negative number, and has no space unless it names an
 * option ("-my file.out" is a file). */
static int is_option_like(const cg_arg_parser* parser, const char* arg)
{
   const char* explicit;
   if (arg[0] != '-' || arg[1] == '\0' || looks_like_negative_number(arg))
      return 0;
   return strchr(arg, ' ') == NULL || find_option(parser, arg, &explicit);
}

/* Handles OPTION if it is one of CG_STANDARD_OPTIONS; returns 0 if not. */
static int handled_as_standard(const cg_arg_parser* parser,
                               const cg_option* option)
{
   switch (option->id) {
   case CG_OPT_HELP: {
      char* help =
         cg_help_full(parser->help, cg_invoked_name(), cg_help_width());
      fputs(help, stdout);
      free(help);
      cg_exit_success();
   }
   case CG_OPT_VERSION:
      cg_print_version();
      cg_exit_success();
   }
   return 0;
}

typedef struct {
   char** items;
   size_t count;
} arg_list;

static void add_arg(arg_list* list, char* arg)
{
   list->items = cg_xreallocarray(list->items, list->count + 1, sizeof(char*));
   list->items[list->count++] = arg;
}

/* "the following arguments are required: A, B" for those of the required
 * positionals not among the COUNT given. */
static void report_missing_positionals(const cg_arg_parser* parser,
                                       size_t count)
{
   const char* const* required = parser->required_positionals;
   size_t required_count = 0;
   while (required[required_count] != NULL)
      required_count++;
   if (count >= required_count)
      return;
   char missing[1024] = "";
   for (size_t r = count; r < required_count; r++) {
      size_t used = strlen(missing);
      snprintf(missing + used, sizeof missing - used, "%s%s",
               r > count ? ", " : "", required[r]);
   }
   cg_usage_error(parser->help, 2, "the following arguments are required: %s",
                  missing);
}

void cg_args_parse(const cg_arg_parser* parser, int argc, char** argv,
                   char*** positionals, size_t* positional_count)
{
   arg_list files = {0}, unknown = {0};
   int options_ended = 0;
   for (int i = 1; i < argc; i++) {
      char* arg = argv[i];
      if (options_ended || !is_option_like(parser, arg)) {
         /* Files beyond those the program takes are reported with the
          * unknown options, in the order given. */
         if (parser->max_positionals != 0 &&
             files.count == parser->max_positionals)
            add_arg(&unknown, arg);
         else
            add_arg(&files, arg);
         continue;
      }
      if (strcmp(arg, "--") == 0) {
         options_ended = 1;
         continue;
      }
      const char* explicit;
      const cg_option* option = find_option(parser, arg, &explicit);
      if (option == NULL) {
         add_arg(&unknown, arg);
         continue;
      }
      if (!option->takes_value) {
         if (explicit != NULL)
            cg_usage_error(parser->help, 2,
                           "argument %s: ignored explicit argument '%s'",
                           shown_name(option), explicit);
         if (!handled_as_standard(parser, option))
            parser->handle(parser->context, option, NULL);
         continue;
      }
      if (explicit == NULL) {
         if (i + 1 >= argc || is_option_like(parser, argv[i + 1]) ||
             strcmp(argv[i + 1], "--") == 0)
            cg_usage_error(parser->help, 2,
                           "argument %s: expected one argument",
                           shown_name(option));
         explicit = argv[++i];
      }
      parser->handle(parser->context, option, explicit);
   }
   report_missing_positionals(parser, files.count);
   if (unknown.count > 0) {
      /* Each followed by a space, the last by the string's end. */
      size_t size = 0;
      for (size_t u = 0; u < unknown.count; u++)
         size += strlen(unknown.items[u]) + 1;
      char* listed = cg_xmalloc(size);
      char* end = listed;
      for (size_t u = 0; u < unknown.count; u++) {
         size_t length = strlen(unknown.items[u]);
         memcpy(end, unknown.items[u], length);
         end += length;
         *end++ = ' ';
      }
      end[-1] = '\0';
      cg_usage_error(parser->help, 2, "unrecognized arguments: %s", listed);
   }
   free(unknown.items);
   *positionals = files.items;
   *positional_count = files.count;
}
