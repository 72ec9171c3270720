/* branchy.c: benchmark workload, data-dependent branches, a jump table and
 * calls through function pointers.
 * SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>

static unsigned state = 12345;
static unsigned next(void) { state = state * 1103515245u + 12345u; return state >> 16; }
static long add(long a, long b) { return a + b; }
static long sub(long a, long b) { return a - b; }
static long mix(long a, long b) { return a ^ (b << 1); }
static long (*const ops[])(long, long) = {add, sub, mix};

int main(void)
{
   long acc = 0;
   for (int i = 0; i < 12000000; i++) {
      unsigned r = next();
      if (r & 1)
         acc += r % 7;
      else if (r & 2)
         acc -= r % 5;
      switch (r % 8) {
      case 0: acc += 3; break;
      case 1: acc ^= 5; break;
      case 2: acc -= 7; break;
      case 3: acc += i; break;
      case 4: acc ^= i; break;
      case 5: acc -= 2; break;
      case 6: acc += 11; break;
      default: acc ^= 13; break;
      }
      acc = ops[r % 3](acc, r);
   }
   printf("%ld\n", acc);
   return 0;
}
