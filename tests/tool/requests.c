/* requests.c: a client of cachegrind.h for the client-request tests.
 *
 *   requests measure   work, START, a measured loop, STOP, more work
 *   requests again     the measured loop run before START, between START
 *                      and STOP, and after STOP: translated before each
 *                      request, counted only the second time
 *   requests twice     START twice and STOP twice (redundant requests)
 *   requests high      code at an address above 4 GiB (on a 64-bit host)
 *                      run while counted, then after STOP: translated
 *                      while counted, counted only the first time
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
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

/* Runs a loop of 2,000,002 instructions placed at 8 GiB twice, the
 * second time with instrumentation stopped: the requests must reach
 * translations wherever they lie, not only in the lower 2 or 4 GiB. */
static void run_high_code(void)
{
#if UINTPTR_MAX > 0xffffffffu
   /* mov $1000000, %ecx; 1: dec %ecx; jnz 1b; ret */
   static const unsigned char loop_code[] = {0xb9, 0x40, 0x42, 0x0f, 0x00,
                                             0xff, 0xc9, 0x75, 0xfc, 0xc3};
   void* place = mmap((void*)0x200000000UL, 4096,
                      PROT_READ | PROT_WRITE | PROT_EXEC,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
   if (place == MAP_FAILED) {
      perror("mmap at 8 GiB");
      exit(1);
   }
   memcpy(place, loop_code, sizeof loop_code);
   void (*loop)(void) = (void (*)(void))place;
   loop();
   CACHEGRIND_STOP_INSTRUMENTATION;
   loop();
   CACHEGRIND_START_INSTRUMENTATION;
#endif
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
   } else if (strcmp(mode, "high") == 0) {
      run_high_code();
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
