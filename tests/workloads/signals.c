/* Workload for the differential tests: signal handlers.  Loads from a
 * PROT_NONE page (one of them a jump through a pointer kept there) raise
 * SIGSEGV and integer divisions by zero raise SIGFPE; their handlers leave
 * with siglongjmp, so events queued in the faulting superblock are
 * dropped.  raise(SIGALRM) runs a handler that returns normally, after
 * conditional branches of its own (so that the branch predictor's history
 * when it returns is not the one it had when the signal came).  All
 * signals are synchronous, so every run is the same.
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
		if (round % 3 == 0)
			raise(SIGALRM);
	}
	printf("segv %d fpe %d alarm %d (bits %d) sum %ld\n", (int)segv_count,
	       (int)fpe_count, (int)alarm_count, (int)alarm_bits, sum);
	return 0;
}
