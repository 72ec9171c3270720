/* Workload for the differential tests: a process that forks.  The child
 * inherits the parent's counts and simulator state, works on its own data
 * and exits; the parent waits for it and then works some more.  Each
 * process writes its own profile.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define WORDS 131072

static long data[WORDS];

static long churn(long seed, long stride)
{
	long sum = 0;
	for (long i = 0; i < WORDS; i++)
		data[(i * stride) % WORDS] += seed + i;
	for (long i = 0; i < WORDS; i++)
		if (data[i] % 3 == 0)
			sum += data[i];
	return sum;
}

int main(void)
{
	long before = churn(1, 1);
	fflush(stdout);
	pid_t child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		long in_child = churn(7, 17);
		printf("child %ld\n", in_child % 1000);
		return 0;
	}
	int status;
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status))
		return 1;
	long after = churn(3, 5);
	printf("parent %ld %ld child-status %d\n", before % 1000, after % 1000,
	       WEXITSTATUS(status));
	return 0;
}
