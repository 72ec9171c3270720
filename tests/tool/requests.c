/* requests.c: a client of cachegrind.h for the client-request tests.
 *
 *   requests measure   work, START, a measured loop, STOP, more work
 *   requests again     the measured loop run before START, between START
 *                      and STOP, and after STOP: translated before each
 *                      request, counted only the second time
 *   requests twice     START twice and STOP twice (redundant requests)
 *   requests none      work only, no request at all
 *   requests unknown   a request of this tool's that it does not know, a
 *                      GDB monitor command no one knows and one the core
 *                      answers; prints what each returned (the first its
 *                      default, 77)
 *
 * Each mode prints the same lines natively and under any tool, but for the
 * answers of the unknown mode.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include "cachegrind.h"

static volatile long sink;

__attribute__((noinline)) static long before_work(void)
{
   long s = 0;
   for (long i = 0; i < 20000; i++)
      s += i % 7;
   return s;
}

__attribute__((noinline)) static long measured_callee(long i)
{
   return (i * 31) % 11;
}

__attribute__((noinline)) static long after_work(void)
{
   long s = 0;
   for (long i = 0; i < 30000; i++)
      s += i % 5;
   return s;
}

/* noipa: not found to be pure, so that each of the again mode's calls is
 * made, not the first's result used thrice. */
__attribute__((noipa)) static long measured_loop(void)
{
   long s = 0;
   for (long i = 0; i < 10000; i++)
      s += measured_callee(i);
   return s;
}

int main(int argc, char** argv)
{
   const char* mode = argc > 1 ? argv[1] : "measure";
   long result = before_work();
   if (strcmp(mode, "measure") == 0) {
      CACHEGRIND_START_INSTRUMENTATION;
      result += measured_loop();
      CACHEGRIND_STOP_INSTRUMENTATION;
   } else if (strcmp(mode, "again") == 0) {
      result += measured_loop();
      CACHEGRIND_START_INSTRUMENTATION;
      result += measured_loop();
      CACHEGRIND_STOP_INSTRUMENTATION;
      result += measured_loop();
   } else if (strcmp(mode, "twice") == 0) {
      CACHEGRIND_START_INSTRUMENTATION;
      CACHEGRIND_START_INSTRUMENTATION;
      result += measured_loop();
      CACHEGRIND_STOP_INSTRUMENTATION;
      CACHEGRIND_STOP_INSTRUMENTATION;
   } else if (strcmp(mode, "unknown") == 0) {
      unsigned long answer = VALGRIND_DO_CLIENT_REQUEST_EXPR(
         77, VG_USERREQ_TOOL_BASE('C', 'G') + 5, 0, 0, 0, 0, 0);
      int unknown_command = VALGRIND_MONITOR_COMMAND("no such command");
      int known_command = VALGRIND_MONITOR_COMMAND("v.info n_errs_found");
      printf("answer %lu\n", answer);
      printf("monitor commands %d %d\n", unknown_command, known_command);
   }
   result += after_work();
   sink = result;
   printf("result %ld\n", result);
   return 0;
}
