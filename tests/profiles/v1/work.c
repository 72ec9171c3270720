/* work.c (version 1): a small workload whose profile the profiles suite
 * reads; the argument picks how much each function runs. */
#include <stdio.h>
#include <stdlib.h>

static int table[4096];

static __attribute__((noinline)) long sum_primes_v1(int limit)
{
   long sum = 0;
   for (int n = 2; n < limit; n++) {
      int prime = 1;
      for (int d = 2; d * d <= n; d++)
         if (n % d == 0) {
            prime = 0;
            break;
         }
      if (prime)
         sum += n;
   }
   return sum;
}

static __attribute__((noinline)) long stride(int step)
{
   long sum = 0;
   for (int round = 0; round < 4; round++)
      for (int i = 0; i < 4096; i += step)
         sum += table[i]++;
   return sum;
}

int main(int argc, char** argv)
{
   int scale = argc > 1 ? atoi(argv[1]) : 1;
   long total = sum_primes_v1(200 * scale) + stride(scale);
   printf("%ld\n", total);
   return 0;
}
