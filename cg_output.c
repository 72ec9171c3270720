/* cg_output.c: profile output, through a temporary file where a rename is
 * right (see cg_output_open()), and the formatting of count lines, which
 * is most of what is written.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cg_alloc.h"
#include "cg_cli.h"
#include "cg_output.h"

/* The temporary file being written, removed if the program exits before
 * renaming it (every fatal error goes through exit). */
static char* pending_temp_path;

static void remove_pending_temp(void)
{
   if (pending_temp_path != NULL)
      unlink(pending_temp_path);
}

static void fail_on(const char* path, int error)
{
   cg_fatal("[Errno %d] %s: '%s'", error, strerror(error), path);
}

/* Whether PATH must be written in place rather than replaced by a
 * rename: a symbolic link (the output goes to what it names), a file with
 * other hard links (they must see the output too), a device or a pipe (a
 * rename would put a file in its place).  Sets *MODE to the permissions
 * the output should have: those of the file there, or 0666 less the
 * umask for a new one, as fopen() would give. */
static int written_in_place(const char* path, mode_t* mode)
{
   struct stat status;
   if (lstat(path, &status) != 0) {
      mode_t mask = umask(0);
      umask(mask);
      *mode = 0666 & ~mask;
      return 0;
   }
   *mode = status.st_mode & 07777;
   return !S_ISREG(status.st_mode) || status.st_nlink > 1;
}

static void open_in_place(cg_output* output, const char* path)
{
   output->stream = fopen(path, "w");
   if (output->stream == NULL)
      fail_on(path, errno);
}

/* A new file, or a regular file of one name, is written under a temporary
 * name beside it and renamed into place by cg_output_close(), so that no
 * reader ever sees half an output and a failed write leaves the previous
 * file as it was.  What written_in_place() names, and any file whose
 * temporary cannot be made (a name too long for the suffix, a folder the
 * user may write files in but not create them), is written in place. */
void cg_output_open(cg_output* output, const char* path)
{
   static int cleanup_registered;
   mode_t mode;
   memset(output, 0, sizeof *output);
   if (path == NULL) {
      output->stream = stdout;
      return;
   }
   output->path = cg_xstrndup(path, strlen(path));
   if (written_in_place(path, &mode)) {
      open_in_place(output, path);
      return;
   }
   size_t length = strlen(path);
   output->temp_path = cg_xmalloc(length + 8);
   memcpy(output->temp_path, path, length);
   memcpy(output->temp_path + length, ".XXXXXX", 8);
   int fd = mkstemp(output->temp_path);
   if (fd < 0) {
      free(output->temp_path);
      output->temp_path = NULL;
      open_in_place(output, path);
      return;
   }
   if (!cleanup_registered) {
      atexit(remove_pending_temp);
      cleanup_registered = 1;
   }
   pending_temp_path = output->temp_path;
   fchmod(fd, mode);
   output->stream = fdopen(fd, "w");
   if (output->stream == NULL)
      fail_on(path, errno);
}

void cg_output_close(cg_output* output)
{
   const char* shown = output->path ? output->path : "<stdout>";
   int failed = fflush(output->stream) != 0 || ferror(output->stream);
   int error = errno;
   if (output->stream != stdout && fclose(output->stream) != 0 && !failed) {
      failed = 1;
      error = errno;
   }
   if (failed)
      cg_fatal("cannot write '%s': %s", shown, strerror(error));
   if (output->temp_path != NULL) {
      if (rename(output->temp_path, output->path) != 0)
         fail_on(output->path, errno);
      pending_temp_path = NULL;
      free(output->temp_path);
   }
   free(output->path);
   memset(output, 0, sizeof *output);
}

/* Formats MAGNITUDE in decimal just before END; returns where the digits
 * start (at most 20 bytes before END). */
static char* format_unsigned(char* end, uint64_t magnitude)
{
   char* p = end;
   do {
      *--p = (char)('0' + magnitude % 10);
      magnitude /= 10;
   } while (magnitude != 0);
   return p;
}

static char* format_count(char* end, cg_count value)
{
   char* p = format_unsigned(
      end, value < 0 ? 0 - (uint64_t)value : (uint64_t)value);
   if (value < 0)
      *--p = '-';
   return p;
}

void cg_write_counts(FILE* stream, const cg_count* counts, size_t count)
{
   char buffer[24];
   char* end = buffer + sizeof buffer;
   for (size_t i = 0; i < count; i++) {
      char* digits = format_count(end, counts[i]);
      *--digits = ' ';
      fwrite_unlocked(digits, 1, (size_t)(end - digits), stream);
   }
}

void cg_write_count_line(FILE* stream, uint64_t line, const cg_count* counts,
                         size_t count)
{
   char buffer[24];
   char* end = buffer + sizeof buffer;
   char* digits = format_unsigned(end, line);
   fwrite_unlocked(digits, 1, (size_t)(end - digits), stream);
   cg_write_counts(stream, counts, count);
   putc_unlocked('\n', stream);
}

void cg_write_events_line(FILE* stream, const cg_profile* profile)
{
   fputs("events:", stream);
   for (size_t e = 0; e < profile->event_count; e++)
      fprintf(stream, " %s", profile->event_names[e]);
   putc('\n', stream);
}

void cg_write_summary_line(FILE* stream, const cg_profile* profile)
{
   fputs("summary:", stream);
   cg_write_counts(stream, profile->summary, profile->event_count);
   putc('\n', stream);
}
