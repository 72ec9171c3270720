/* execs.c: prints a line, then replaces itself with `echo after`, for the
 * tests of profiling across exec.
 * SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
   printf("before\n");
   fflush(stdout);
   execl("/bin/echo", "echo", "after", (char*)NULL);
   perror("execl");
   return 1;
}
