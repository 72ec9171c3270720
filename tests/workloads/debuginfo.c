/* Workload for the differential tests: unusual debug information.  Code
 * is attributed with #line to a file whose name has spaces and odd
 * characters, to a line number beyond 65535, to one near the top of the
 * int range (which Valgrind's debug-info reader drops, so its code counts
 * under file "???" and line 0), and to a file named by an absolute path;
 * and two functions have very long names.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <stdio.h>

#define LONG_NAME_PART abcdefghijklmnopqrstuvwxyz_abcdefghijklmnopqrstuvwxyz_abcdefghij
#define GLUE(a, b) a##b
#define XGLUE(a, b) GLUE(a, b)
#define LONG_NAME(tag) XGLUE(XGLUE(XGLUE(tag, LONG_NAME_PART), LONG_NAME_PART), LONG_NAME_PART)

static volatile long sink;

#line 70000 "odd dir/file with spaces & symbols (1).c"
__attribute__((noinline)) static long far_line(long x)
{
	long sum = 0;
	for (long i = 0; i < x; i++)
		sum += i ^ x;
	return sum;
}

#line 2147483000 "../relative/../path/huge.h"
__attribute__((noinline)) static long huge_line(long x)
{
	long product = 1;
	for (long i = 1; i < x; i++)
		product = product * 3 % 1000003;
	return product;
}

#line 1 "/absolute/generated.c"
__attribute__((noinline)) long LONG_NAME(first_)(long x)
{
	return x * 7 + sink;
}

__attribute__((noinline)) long LONG_NAME(second_)(long x)
{
	return x * 11 + sink;
}

#line 60 "debuginfo.c"
int main(void)
{
	long total = 0;
	for (long i = 0; i < 3000; i++)
		total += far_line(i % 50) + huge_line(i % 40) + LONG_NAME(first_)(i) +
			 LONG_NAME(second_)(i);
	printf("total %ld\n", total);
	return 0;
}
