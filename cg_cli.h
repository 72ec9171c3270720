/* cg_cli.h: what the three post-processing programs share on the command
 * line: their name in messages, the one-line fatal error, --version.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_CLI_H
#define CG_CLI_H

/* Fatal errors name the program by its fixed name ("cg_merge"), whatever
 * path it was run by; the usage, usage errors and --version by the name it
 * was run as (argv[0]'s last component), as argparse names a program. */
void cg_cli_start(const char* fixed_name, const char* argv0);
const char* cg_program_name(void);
const char* cg_invoked_name(void);

/* Prints "PROG: error: MESSAGE" on stderr and exits with status 1. */
void cg_fatal(const char* format, ...)
   __attribute__((noreturn, format(printf, 1, 2)));

/* Exits with status 0 once what was printed on stdout has been written;
 * if it could not be (a full disk, a reader gone), fails as cg_fatal()
 * does, naming "<stdout>" as any other failed output is named. */
void cg_exit_success(void) __attribute__((noreturn));

/* Prints "NAME-VERSION" on stdout, NAME being argv[0]'s last component. */
void cg_print_version(void);

#endif
