/* Workload for the differential tests: a division by zero whose result is
 * used once, 16 instructions after the division, the registers it went to
 * written again after, its divisor read from the stack through the same
 * register as the other operand.  The IR optimiser computes the division
 * (and the read of its divisor folded into it) where the result is used,
 * after the end of the group of events around it: the fault comes after
 * that group is counted and simulated, as under the reference, only if
 * the tool adds nothing there that makes the optimiser compute it sooner.
 * The optimiser holds such values, not yet computed, in a table of ten
 * entries, which the temporaries of the tool's inline tests push along
 * (see flush_events() in cg_instrument.c).  In the first case one other
 * value is pending beside the division; the group reads two words at the
 * top of the stack (one span test, too long to fit) and the divisor
 * further down (a test of six statements, which fits).  In the second,
 * three reads whose values are used after the nops are pending too, four
 * values in all, the division the oldest: then no test of six fits.  The
 * third case, a read of an unreadable page, is for the tool's propagation
 * of constants (see its function).  Each
 * round first reads a buffer larger than any D1 of the suite (the divisor
 * far enough from the stack pointer that the call leaves its line alone),
 * so that a simulation skipped shows in the misses.  A handler of SIGFPE
 * and SIGSEGV leaves with siglongjmp; every run is the same.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

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

/* The first case: the division and one value read before it pending. */
__attribute__((noinline)) static long division_beside_one(void)
{
	volatile int divisors[64] = {0};
	volatile long sum = 0;
	/* In memory: siglongjmp would leave a register copy unknown. */
	for (volatile int round = 0; round < ROUNDS; round++) {
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
	return sum;
}

/* The second case: the division, then three reads of other lines of the
 * stack, all pending; nothing else is (the result's register is set
 * inside).  The three addresses are the stack pointer plus constants, as
 * the divisor's is, so that each read's test takes six statements (an
 * address known when instrumenting takes fewer).  Registers that 32-bit
 * x86 has too, so that the x86 tool runs the same case. */
__attribute__((noinline)) static long division_oldest_of_four(void)
{
	volatile int divisors[64] = {0};
	volatile int others[3][32] = {{0}};
	volatile long sum = 0;
	for (int round = 0; round < ROUNDS; round++) {
		if (sigsetjmp(recovery, 1) == 0) {
			sum += read_evicting();
			int used_once;
			__asm__ volatile("mov $5, %0\n\t"
					 "mov $1000, %%eax\n\t"
					 "xor %%edx, %%edx\n\t"
					 "divl %1\n\t"
					 "mov %2, %%esi\n\t"
					 "mov %3, %%edi\n\t"
					 "mov %4, %%ebx\n\t"
					 ".rept 16\n\tnop\n\t.endr\n\t"
					 "add %%esi, %0\n\t"
					 "add %%edi, %0\n\t"
					 "add %%ebx, %0\n\t"
					 "add %%eax, %0\n\t"
					 "xor %%esi, %%esi\n\t"
					 "xor %%edi, %%edi\n\t"
					 "xor %%ebx, %%ebx\n\t"
					 "xor %%eax, %%eax\n\t"
					 "xor %%edx, %%edx"
					 : "=&c"(used_once)
					 : "m"(divisors[32]), "m"(others[0][0]),
					   "m"(others[1][0]), "m"(others[2][0])
					 : "eax", "edx", "esi", "edi", "ebx", "cc");
			sum += used_once;
		}
	}
	return sum;
}

/* The third case: a read of a page that may not be read, its value used
 * once after the nops, beside two other reads pending, with a comparison
 * of a known value and a setb in between.  VEX's propagation after
 * instrumentation folds what those two leave behind (an and of two
 * constants, a narrowing of a widening); left unfolded, each would take
 * an entry of the optimiser's table and push the pending read off it,
 * computed within the setb, before the group's calls (see
 * cg_ir_propagate.c).  Its registers are 32-bit x86's too. */
static volatile int other_words[64];
static volatile int* volatile unreadable;

__attribute__((noinline)) static long read_beside_a_flag(void)
{
	volatile long sum = 0;
	for (volatile int round = 0; round < ROUNDS; round++) {
		if (sigsetjmp(recovery, 1) == 0) {
			sum += read_evicting();
			int used_once;
			volatile int* others = &other_words[8];
			__asm__ volatile("mov $5, %%eax\n\t"
					 "test %%eax, %%eax\n\t"
					 "jz 1f\n"
					 "1:\n\t"
					 "mov (%2), %%edx\n\t"
					 "mov (%1), %%ecx\n\t"
					 "mov 64(%1), %k1\n\t"
					 "cmp $2, %%al\n\t"
					 "setb %%bl\n\t"
					 ".rept 30\n\tnop\n\t.endr\n\t"
					 "add %%ecx, %%edx\n\t"
					 "add %k1, %%edx\n\t"
					 "mov %%edx, %0\n\t"
					 "xor %%edx, %%edx\n\t"
					 "xor %%ecx, %%ecx\n\t"
					 "xor %k1, %k1"
					 : "=m"(used_once), "+D"(others)
					 : "S"(unreadable)
					 : "eax", "ebx", "ecx", "edx", "cc");
			sum += used_once;
		}
	}
	return sum;
}

int main(void)
{
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = on_fault;
	if (sigaction(SIGFPE, &action, NULL) != 0 ||
	    sigaction(SIGSEGV, &action, NULL) != 0)
		return 1;
	unreadable = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			  -1, 0);
	if (unreadable == MAP_FAILED)
		return 1;
	long sum = division_beside_one();
	sum += division_oldest_of_four();
	sum += read_beside_a_flag();
	printf("faults %d sum %ld\n", (int)faults, sum);
	return 0;
}
