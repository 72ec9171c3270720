/* cg_output.c: profile output, through a temporary file where a rename is
 * right (see cg_output_open()), and the formatting of count lines, which
 * is most of what is written.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cg_alloc.h"
#include "cg_cli.h"
#include "cg_output.h"

/* The temporary file being written, removed if the program exits before
 * renaming it: every fatal error goes through exit(), and the signals
 * that end a program from outside go through remove_temp_and_die(). */
static char* volatile pending_temp_path;

static void remove_pending_temp(void)
{
   if (pending_temp_path != NULL)
      unlink(pending_temp_path);
}

static const int ending_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM };

/* Only async-signal-safe calls: the temporary goes, then the signal is
 * delivered again as the program would have had it. */
static void remove_temp_and_die(int signal_number)
{
   remove_pending_temp();
   signal(signal_number, SIG_DFL);
   raise(signal_number);
}

/* Makes sure a temporary file never outlives the program (but for
 * SIGKILL, which nothing can catch).  A signal the program was started
 * with ignored stays ignored, as a shell's `nohup` means it to. */
static void register_cleanup(void)
{
   static int registered;
   if (registered)
      return;
   registered = 1;
   atexit(remove_pending_temp);
   for (size_t i = 0; i < sizeof ending_signals / sizeof ending_signals[0]; i++) {
      struct sigaction action, previous;
      memset(&action, 0, sizeof action);
      action.sa_handler = remove_temp_and_die;
      sigemptyset(&action.sa_mask);
      if (sigaction(ending_signals[i], NULL, &previous) == 0 &&
          previous.sa_handler != SIG_IGN)
         sigaction(ending_signals[i], &action, NULL);
   }
}

static void fail_on(const char* path, int error)
{
   cg_fatal("[Errno %d] %s: '%s'", error, strerror(error), path);
}

/* The name PATH finally leads to, following symbolic links (at most
 * MAX_LINKS, as the kernel does; a longer chain is left to fail when
 * opened): the file to replace, which may not exist yet.  Returns a
 * string to free. */
enum { MAX_LINKS = 40 };
static char* final_name(const char* path)
{
   char* name = cg_xstrndup(path, strlen(path));
   for (int links = 0; links < MAX_LINKS; links++) {
      struct stat status;
      if (lstat(name, &status) != 0 || !S_ISLNK(status.st_mode))
         return name;
      char target[PATH_MAX];
      ssize_t length = readlink(name, target, sizeof target);
      if (length <= 0 || (size_t)length >= sizeof target)
         return name;
      char* joined;
      const char* slash = strrchr(name, '/');
      if (target[0] == '/' || slash == NULL) {
         joined = cg_xstrndup(target, (size_t)length);
      } else {
         /* Relative to the folder holding the link. */
         size_t folder = (size_t)(slash - name) + 1;
         joined = cg_xmalloc(folder + (size_t)length + 1);
         memcpy(joined, name, folder);
         memcpy(joined + folder, target, (size_t)length);
         joined[folder + (size_t)length] = '\0';
      }
      free(name);
      name = joined;
   }
   return name;
}

/* Makes a temporary file beside NAME (in its folder): NAME.XXXXXX, or,
 * where that name is too long, a shorter one in the same folder.  Returns
 * its descriptor and sets *TEMP_PATH (to free), or returns -1. */
static int make_temp_beside(const char* name, char** temp_path)
{
   size_t length = strlen(name);
   char* temp = cg_xmalloc(length + sizeof ".XXXXXX");
   memcpy(temp, name, length);
   memcpy(temp + length, ".XXXXXX", sizeof ".XXXXXX");
   int fd = mkstemp(temp);
   if (fd < 0 && errno == ENAMETOOLONG) {
      const char* slash = strrchr(name, '/');
      size_t folder = slash == NULL ? 0 : (size_t)(slash - name) + 1;
      memcpy(temp + folder, "cg.XXXXXX", sizeof "cg.XXXXXX");
      fd = mkstemp(temp);
   }
   if (fd < 0) {
      free(temp);
      return -1;
   }
   *temp_path = temp;
   return fd;
}

static void open_in_place(cg_output* output, const char* path)
{
   struct stat status;
   output->stream = fopen(path, "w");
   if (output->stream == NULL)
      fail_on(path, errno);
   output->empty_on_failure = fstat(fileno(output->stream), &status) == 0 &&
                              S_ISREG(status.st_mode);
}

/* Closes and removes OUTPUT's temporary, open as FD and not written. */
static void drop_temp(cg_output* output, int fd)
{
   close(fd);
   remove_pending_temp();
   pending_temp_path = NULL;
   free(output->temp_path);
   output->temp_path = NULL;
   free(output->rename_to);
   output->rename_to = NULL;
}

/* The output goes to the file PATH leads to (the target of a symbolic
 * link), written under a temporary name beside it and renamed over it by
 * cg_output_close(), so that no reader ever sees half an output and a
 * failed write leaves the previous file as it was.  The temporary gets
 * the permissions, owner and group of the file it replaces (0666 less
 * the umask for a new one, as fopen() would give), and a file the user
 * may not write is refused, as opening it would be.  Written in place
 * instead, where a rename would be wrong or cannot be made: a file with
 * other hard links (they must see the output too), a device or a pipe (a
 * rename would put a file in its place), a file whose owner or group the
 * user cannot give the temporary (a rename would take it from its owner;
 * in a folder with the sticky bit it would be refused), a folder where
 * the user may write the file but create none.  A regular file written in
 * place is left empty if writing fails. */
void cg_output_open(cg_output* output, const char* path)
{
   memset(output, 0, sizeof *output);
   if (path == NULL) {
      output->stream = stdout;
      return;
   }
   output->path = cg_xstrndup(path, strlen(path));
   char* name = final_name(path);
   struct stat status;
   int exists = lstat(name, &status) == 0;
   if (exists && (!S_ISREG(status.st_mode) || status.st_nlink > 1)) {
      free(name);
      open_in_place(output, path);
      return;
   }
   if (exists && access(name, W_OK) != 0)
      fail_on(path, errno);
   int fd = make_temp_beside(name, &output->temp_path);
   if (fd < 0) {
      free(name);
      open_in_place(output, path);
      return;
   }
   output->rename_to = name;
   register_cleanup();
   pending_temp_path = output->temp_path;
   if (exists && (status.st_uid != geteuid() || status.st_gid != getegid()) &&
       fchown(fd, status.st_uid, status.st_gid) != 0) {
      drop_temp(output, fd);
      open_in_place(output, path);
      return;
   }
   if (exists) {
      fchmod(fd, status.st_mode & 07777);
   } else {
      mode_t mask = umask(0);
      umask(mask);
      fchmod(fd, 0666 & ~mask);
   }
   output->stream = fdopen(fd, "w");
   if (output->stream == NULL)
      fail_on(path, errno);
}

void cg_output_close(cg_output* output)
{
   const char* shown = output->path ? output->path : "<stdout>";
   /* A regular file written in place is emptied if writing fails, through
    * a descriptor kept past fclose(), which may still write what was
    * buffered. */
   int kept_fd = output->empty_on_failure ? dup(fileno(output->stream)) : -1;
   int failed = fflush(output->stream) != 0 || ferror(output->stream);
   int error = errno;
   if (output->stream != stdout && fclose(output->stream) != 0 && !failed) {
      failed = 1;
      error = errno;
   }
   if (kept_fd >= 0) {
      if (failed && ftruncate(kept_fd, 0) != 0) {
         /* The write's own error is the one to report. */
      }
      close(kept_fd);
   }
   if (failed)
      cg_fatal("cannot write '%s': %s", shown, strerror(error));
   if (output->temp_path != NULL) {
      if (rename(output->temp_path, output->rename_to) != 0)
         fail_on(output->path, errno);
      pending_temp_path = NULL;
      free(output->temp_path);
      free(output->rename_to);
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
