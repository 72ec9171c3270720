/* indirect.c: a loop of calls through a table of function pointers, for
 * the tool suite: every call and every return is a jump to an address
 * known only at run time.  Prints the sum, so that nothing is optimised
 * away.
 * SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>

static long add_one(long x) { return x + 1; }
static long add_two(long x) { return x + 2; }
static long times_three(long x) { return x * 3 % 1000003; }
static long halve(long x) { return x / 2; }

int main(void)
{
   long (*const table[])(long) = { add_one, add_two, times_three, halve };
   /* volatile: the calls stay calls through the table */
   long (*volatile pick)(long);
   long sum = 1;
   for (long i = 0; i < 200000; i++) {
      pick = table[i & 3];
      sum = pick(sum);
   }
   printf("%ld\n", sum);
   return 0;
}
