/* matrix.c: benchmark workload, a large matrix summed by rows then by
 * columns (cache-friendly, then cache-hostile).
 * SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>
#include <stdlib.h>

#define N 4000

int main(void)
{
   double* m = malloc(sizeof(double) * N * N);
   double rows = 0, cols = 0;
   if (!m)
      return 1;
   for (long i = 0; i < (long)N * N; i++)
      m[i] = (double)(i % 17);
   for (int r = 0; r < N; r++)
      for (int c = 0; c < N; c++)
         rows += m[(long)r * N + c];
   for (int c = 0; c < N; c++)
      for (int r = 0; r < N; r++)
         cols += m[(long)r * N + c];
   printf("%.0f %.0f\n", rows, cols);
   free(m);
   return 0;
}
