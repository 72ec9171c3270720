/* endings.c: a client that does some work, then ends as told:
 * "segv" (dies of SIGSEGV), "_exit", "handler-exit" (calls exit() from a
 * signal handler), "oom" (allocates and touches memory until malloc fails,
 * then exits with 5) or "normal".
 * SPDX-License-Identifier: GPL-2.0-or-later */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void exit_from_handler(int signal_number)
{
   (void)signal_number;
   exit(3);
}

int main(int argc, char** argv)
{
   volatile long sum = 0;
   const char* ending = argc > 1 ? argv[1] : "normal";
   for (int i = 0; i < 100000; i++)
      sum += i;
   if (strcmp(ending, "segv") == 0)
      *(volatile int*)8 = 1;
   if (strcmp(ending, "_exit") == 0)
      _exit(4);
   if (strcmp(ending, "oom") == 0) {
      const size_t block = (size_t)64 << 20;
      char* memory;
      while ((memory = malloc(block)) != NULL)
         memset(memory, 1, block);
      puts("malloc failed");
      exit(5);
   }
   if (strcmp(ending, "handler-exit") == 0) {
      signal(SIGALRM, exit_from_handler);
      raise(SIGALRM);
   }
   return 0;
}
