/* cg_cli.c: program name, fatal errors and --version for the
 * post-processing programs (see cg_cli.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_cli.h"

static const char* program_name = "cg";
static const char* invoked_as = "cg";

void cg_cli_start(const char* fixed_name, const char* argv0)
{
   program_name = fixed_name;
   /* An output whose reader has gone (`cg_annotate f | head`) is an error
    * to report in one line, as any failed write is, not a silent death. */
   signal(SIGPIPE, SIG_IGN);
   /* Likewise an output past the file-size limit (`ulimit -f`): the write
    * fails with EFBIG, reported, and no temporary is left behind, as
    * Python's programs, which ignore the signal too, report it. */
   signal(SIGXFSZ, SIG_IGN);
   invoked_as = argv0 != NULL && *argv0 != '\0' ? argv0 : fixed_name;
}

const char* cg_program_name(void) { return program_name; }

const char* cg_invoked_name(void)
{
   const char* base = strrchr(invoked_as, '/');
   return base ? base + 1 : invoked_as;
}

void cg_fatal(const char* format, ...)
{
   va_list args;
   fflush(stdout);
   fprintf(stderr, "%s: error: ", program_name);
   va_start(args, format);
   vfprintf(stderr, format, args);
   va_end(args);
   fputc('\n', stderr);
   exit(1);
}

void cg_exit_success(void)
{
   /* exit() flushes standard output too, but says nothing if that fails. */
   if (fflush(stdout) != 0 || ferror(stdout))
      cg_fatal("cannot write '<stdout>': %s", strerror(errno));
   exit(0);
}

void cg_print_version(void)
{
   printf("%s-%s\n", cg_invoked_name(), PACKAGE_VERSION);
}
