/* matrix.c: the bundled example.  Sums a matrix twice, once along its rows
 * (each cache line is used fully before moving on) and once down its
 * columns (every access lands on a different line), so the profile shows
 * where the D1 misses come from.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#define N 512

__attribute__((noinline)) static long sum_by_rows(const int* m)
{
   long sum = 0;
   for (int row = 0; row < N; row++)
      for (int col = 0; col < N; col++)
         sum += m[row * N + col];
   return sum;
}

__attribute__((noinline)) static long sum_by_columns(const int* m)
{
   long sum = 0;
   for (int col = 0; col < N; col++)
      for (int row = 0; row < N; row++)
         sum += m[row * N + col];
   return sum;
}

int main(void)
{
   int* m = malloc(sizeof(int) * N * N);
   if (!m)
      return 1;
   for (int i = 0; i < N * N; i++)
      m[i] = i % 7;
   long rows = sum_by_rows(m), columns = sum_by_columns(m);
   printf("sum by rows %ld, by columns %ld\n", rows, columns);
   free(m);
   return rows == columns ? 0 : 1;
}
