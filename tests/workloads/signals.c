/* Workload for the differential tests: signal handlers.  Loads from a
 * PROT_NONE page (one of them a jump through a pointer kept there) raise
 * SIGSEGV and integer divisions by zero raise SIGFPE; their handlers leave
 * with siglongjmp, so events queued in the faulting superblock are
 * dropped.  raise(SIGALRM) runs a handler that returns normally, after
 * conditional branches of its own (so that the branch predictor's history
 * when it returns is not the one it had when the signal came).  All
 * signals are synchronous, so every run is the same.
 *
 * On x86-64, one jump goes through a pointer kept at a non-canonical
 * address (bit 63 set, bits 47 to 62 clear), which faults too; the read
 * of the pointer is simulated before the jump faults, so an address no
 * access can have reaches D1 and the LL.  Its twin, the canonical address
 * with the same low 63 bits, is read before and after it, with lines
 * between that push both out of every D1 the suite configures: a
 * simulator that kept only some of an address's bits (a narrower tag)
 * would take one line for the other.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#define ROUNDS 1000

#if defined(__x86_64__)
/* 33 lines 4 kB apart, all in one set of every D1 the suite configures
 * (at most 4 kB of sets, at most 16 ways). */
#define TWIN_STRIDE 4096
#define TWIN_PUSHERS 32
static volatile char twin_lines[(TWIN_PUSHERS + 1) * TWIN_STRIDE]
	__attribute__((aligned(TWIN_STRIDE)));

static long read_pushers(void)
{
	long sum = 0;
	for (int i = 1; i <= TWIN_PUSHERS; i++)
		sum += twin_lines[i * TWIN_STRIDE];
	return sum;
}
#endif

static sigjmp_buf recovery;
static volatile sig_atomic_t segv_count, fpe_count, alarm_count, alarm_bits;

static void on_fault(int signal_number)
{
	if (signal_number == SIGSEGV)
		segv_count++;
	else
		fpe_count++;
	siglongjmp(recovery, 1);
}

static void on_alarm(int signal_number)
{
	(void)signal_number;
	alarm_count++;
	for (int bit = 0; bit < 6; bit++)
		if ((alarm_count >> bit) & 1)
			alarm_bits++;
}

static void install(int signal_number, void (*handler)(int))
{
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = handler;
	sigemptyset(&action.sa_mask);
	sigaction(signal_number, &action, NULL);
}

int main(void)
{
	volatile long *forbidden = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (forbidden == MAP_FAILED)
		return 1;
	install(SIGSEGV, on_fault);
	install(SIGFPE, on_fault);
	install(SIGALRM, on_alarm);
	volatile int divisor = 0;
	volatile long sum = 0;
	for (int round = 0; round < ROUNDS; round++) {
		if (sigsetjmp(recovery, 1) == 0) {
			sum += round * 3;
			sum += forbidden[round % 512];
		}
		if (sigsetjmp(recovery, 1) == 0) {
			sum += round;
			sum += 1000 / divisor;
		}
		/* The same faults where the value is used twice (compared and
		 * added): the IR then computes it where it is defined. */
		if (sigsetjmp(recovery, 1) == 0) {
			long value = forbidden[(round * 7) % 512];
			if (value == round)
				sum += 5;
			sum += value;
		}
		if (sigsetjmp(recovery, 1) == 0) {
			int quotient = 1000 / divisor;
			if (quotient > round)
				sum++;
			sum += quotient;
		}
#if defined(__x86_64__) || defined(__i386__)
		/* A jump through a pointer that cannot be read: the superblock
		 * ends by loading its next address, after everything else in it
		 * has run. */
		if (sigsetjmp(recovery, 1) == 0) {
			sum += round * 5;
			__asm__ volatile("jmp *%0" : : "m"(forbidden[(round * 3) % 512]));
		}
		/* The same through a call, which pushes its return address
		 * after loading the target. */
		if (sigsetjmp(recovery, 1) == 0) {
			sum += round * 7;
			__asm__ volatile("call *%0" : : "m"(forbidden[(round * 5) % 512]) : "memory");
		}
#endif
#if defined(__x86_64__)
		/* A load whose value is used once, 16 instructions later, the
		 * register it went to written again after: the group of events
		 * ends between the two, the load is computed where its value is
		 * used, and the fault comes after the events before it are
		 * counted.  Its pointer is read by the same code, so that the
		 * load is the one value waiting to be computed (fault-window.c
		 * does the same with a division). */
		volatile long used_once = round;
		volatile long* volatile target = &forbidden[(round * 11) % 512];
		if (sigsetjmp(recovery, 1) == 0) {
			__asm__ volatile("mov %1, %%rsi\n\t"
					 "mov (%%rsi), %%eax\n\t"
					 ".rept 16\n\tnop\n\t.endr\n\t"
					 "addl %%eax, %0\n\t"
					 "xor %%eax, %%eax"
					 : "+m"(used_once)
					 : "m"(target)
					 : "eax", "rsi", "cc", "memory");
		}
		sum += used_once;
		if (sigsetjmp(recovery, 1) == 0) {
			uintptr_t twin = (uintptr_t)&twin_lines[0] | ((uintptr_t)1 << 63);
			sum += twin_lines[0];
			sum += read_pushers();
			__asm__ volatile("jmp *(%0)" : : "r"(twin) : "memory");
		}
		sum += read_pushers();
		sum += twin_lines[0];
#endif
		if (round % 3 == 0)
			raise(SIGALRM);
	}
	printf("segv %d fpe %d alarm %d (bits %d) sum %ld\n", (int)segv_count,
	       (int)fpe_count, (int)alarm_count, (int)alarm_bits, sum);
	return 0;
}
