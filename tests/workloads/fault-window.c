/* Workload for the differential tests: a division by zero whose result is
 * used once, 16 instructions after the division, the registers it went to
 * written again after, its divisor read from the stack through the same
 * register as the other operand.  The IR optimiser computes the division
 * (and the read of its divisor folded into it) where the result is used,
 * after the end of the group of events around it: the fault comes after
 * that group is counted and simulated, as under the reference, only if
 * the tool adds nothing there that makes the optimiser compute it sooner.
 * Each round first reads a buffer larger than any D1 of the suite (the
 * divisor far enough from the stack pointer that the call leaves its line
 * alone), so that a simulation skipped shows in the misses.  A SIGFPE
 * handler leaves with siglongjmp; every run is the same.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#define ROUNDS 1000

static volatile char evicting[256 * 1024];
static sigjmp_buf recovery;
static volatile sig_atomic_t faults;

static void on_fault(int signal_number)
{
	(void)signal_number;
	faults++;
	siglongjmp(recovery, 1);
}

__attribute__((noinline)) static long read_evicting(void)
{
	long sum = 0;
	for (unsigned i = 0; i < sizeof evicting; i += 64)
		sum += evicting[i];
	return sum;
}

int main(void)
{
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = on_fault;
	if (sigaction(SIGFPE, &action, NULL) != 0)
		return 1;
	volatile int divisors[64] = {0};
	volatile long sum = 0;
	for (int round = 0; round < ROUNDS; round++) {
		if (sigsetjmp(recovery, 1) == 0) {
			sum += read_evicting();
			long used_once = round;
			__asm__ volatile("mov $1000, %%eax\n\t"
					 "xor %%edx, %%edx\n\t"
					 "divl %1\n\t"
					 ".rept 16\n\tnop\n\t.endr\n\t"
					 "add %%eax, %k0\n\t"
					 "xor %%eax, %%eax\n\t"
					 "xor %%edx, %%edx"
					 : "+r"(used_once)
					 : "m"(divisors[32])
					 : "eax", "edx", "cc");
			sum += used_once;
		}
	}
	printf("faults %d sum %ld\n", (int)faults, sum);
	return 0;
}
