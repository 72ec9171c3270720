/* cg_output.c: profile output, through a temporary file where a rename is
 * right (see cg_output_open()), and the formatting of count lines, which
 * is most of what is written.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
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

static const int ending_signals[] = { SIGHUP,  SIGINT,  SIGQUIT, SIGTERM,
                                       SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU,
                                       SIGVTALRM, SIGPROF };

/* Only async-signal-safe calls: the temporary goes, then the signal is
 * delivered again as the program would have had it. */
static void remove_temp_and_die(int signal_number)
{
   remove_pending_temp();
   signal(signal_number, SIG_DFL);
   raise(signal_number);
}

/* Makes sure a temporary file does not outlive the program, whether it
 * ends by exit() or by a signal that ends a program by default (but for
 * SIGKILL, which nothing can catch).  A signal the program was started
 * with ignored stays ignored, as a shell's `nohup` means it to. */
static void register_cleanup(void)
{
   static int registered;
   if (registered)
      return;
   registered = 1;
   atexit(remove_pending_temp);
   size_t signal_count = sizeof ending_signals / sizeof ending_signals[0];
   for (size_t i = 0; i < signal_count; i++) {
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

/* Makes a temporary file beside NAME (in its folder): NAME.XXXXXX, or,
 * where that name is too long, a shorter one in the same folder.  Returns
 * its descriptor and sets *TEMP_PATH (to free), or returns -1. */
static int make_temp_beside(const char* name, char** temp_path)
{
   size_t length = strlen(name);
   /* Room for either form: the shorter name replaces a base name that may
    * itself be shorter than it ("a/x", "a/"). */
   char* temp = cg_xmalloc(length + sizeof "cg.XXXXXX");
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

/* Refuses the existing regular file PATH if the user may not write it, as
 * opening it would: it is opened for writing (not truncated) to learn
 * that, the kernel's own rule, with the effective user's rights. */
static void check_writable(const char* path)
{
   int fd = open(path, O_WRONLY | O_NONBLOCK);
   if (fd < 0)
      fail_on(path, errno);
   close(fd);
}

/* Closes and removes OUTPUT's temporary, open as FD and not written. */
static void drop_temp(cg_output* output, int fd)
{
   close(fd);
   remove_pending_temp();
   pending_temp_path = NULL;
   free(output->temp_path);
   output->temp_path = NULL;
}

/* The output is written under a temporary name beside PATH and renamed
 * over it by cg_output_close(), so that no reader ever sees half an
 * output and a failed write leaves the previous file as it was.  The
 * temporary gets the permissions, owner and group of the file it
 * replaces (0666 less the umask for a new one, as fopen() would give),
 * and a file the user may not write is refused, as opening it would be.
 * Written in place instead, where a rename would be wrong or cannot be
 * made: a symbolic link (the output goes to what it names, opened through
 * the link, so that the kernel's rules for links in shared folders hold),
 * a file with other hard links (they must see the output too), a device
 * or a pipe (a rename would put a file in its place), a file whose owner
 * or group the temporary cannot be given (a rename would take it from its
 * owner; in a folder with the sticky bit it would be refused) or whose
 * permissions it cannot be given (fchmod() refused), a folder
 * where the user may write the file but create none.  A regular file
 * written in place is left empty if writing fails. */
void cg_output_open(cg_output* output, const char* path)
{
   memset(output, 0, sizeof *output);
   if (path == NULL) {
      output->stream = stdout;
      return;
   }
   output->path = cg_xstrndup(path, strlen(path));
   struct stat status;
   int exists = lstat(path, &status) == 0;
   if (exists && (!S_ISREG(status.st_mode) || status.st_nlink > 1)) {
      open_in_place(output, path);
      return;
   }
   if (exists)
      check_writable(path);
   register_cleanup();
   int fd = make_temp_beside(path, &output->temp_path);
   if (fd < 0) {
      open_in_place(output, path);
      return;
   }
   pending_temp_path = output->temp_path;
   mode_t mode;
   if (exists) {
      mode = status.st_mode & 07777;
   } else {
      mode_t mask = umask(0);
      umask(mask);
      mode = 0666 & ~mask;
   }
   struct stat temp_status;
   if ((exists && (fstat(fd, &temp_status) != 0 ||
                   ((temp_status.st_uid != status.st_uid ||
                     temp_status.st_gid != status.st_gid) &&
                    fchown(fd, status.st_uid, status.st_gid) != 0))) ||
       fchmod(fd, mode) != 0) {
      drop_temp(output, fd);
      open_in_place(output, path);
      return;
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
      if (failed)
         (void)!ftruncate(kept_fd, 0); /* the write's error is the one told */
      close(kept_fd);
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

/* Writes " C1 C2 ..." (COUNT counts). */
static void write_counts(FILE* stream, const cg_count* counts, size_t count)
{
   char buffer[24];
   char* end = buffer + sizeof buffer;
   for (size_t i = 0; i < count; i++) {
      char* digits = format_count(end, counts[i]);
      *--digits = ' ';
      fwrite_unlocked(digits, 1, (size_t)(end - digits), stream);
   }
}

void cg_write_name_line(FILE* stream, const char* key, const char* name)
{
   const char* definition =
      cg_compressed_name_digits(name, strlen(name)) > 0 ? "(1) " : "";
   fprintf(stream, "%s=%s%s\n", key, definition, name);
}

void cg_write_count_line(FILE* stream, uint64_t line, const cg_count* counts,
                         size_t count)
{
   char buffer[24];
   char* end = buffer + sizeof buffer;
   char* digits = format_unsigned(end, line);
   fwrite_unlocked(digits, 1, (size_t)(end - digits), stream);
   write_counts(stream, counts, count);
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
   write_counts(stream, profile->summary, profile->event_count);
   putc('\n', stream);
}
