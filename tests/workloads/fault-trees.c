/* Workload for the differential tests: two functions, each of which
 * faults (a division by zero, a read of a page that may not be read) while
 * its value is pending in VEX's tree builder, then recovers by siglongjmp,
 * three rounds in four; the fourth does not fault.  What a fault loses
 * depends on where the optimiser computes the faulting value, which the
 * tool's own IR must not move (see cg_load_crossings.c):
 *   - division_tree: the divisor is a register read used once, folded into
 *     the division, and the register is written before the division's use,
 *     which makes the optimiser compute the division there; a test of the
 *     tool's that pushed the register read off the optimiser's table
 *     (before the division was defined) let the division wait past the
 *     group's calls, counting a group the reference loses;
 *   - load_beside_a_run: six reads through one base pending beside the
 *     faulting one; the tool's runs of accesses leave their addresses used
 *     once, each an entry of the table besides its read, and pushed the
 *     faulting read off it, before the group's calls.
 * amd64 only.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

long division_tree(char* buffer, char* pointer, long divisor);
long load_beside_a_run(char* buffer, char* pointer, long divisor);

/* The registers the calling convention has each function keep. */
__asm__(".macro push_saved\n"
	"	push %rbx; push %r12; push %r13; push %r14; push %r15; push %rbp\n"
	".endm\n"
	".macro pop_saved\n"
	"	pop %rbp; pop %r15; pop %r14; pop %r13; pop %r12; pop %rbx\n"
	".endm\n");

__asm__("\t.text\n"
	"	.p2align 5\n"
	"	.type division_tree,@function\n"
	"division_tree:\n"
	"	push_saved\n"
	"	.rept 3\n	nop\n	.endr\n"
	"	mov %rdx, %rbx\n"
	"	.rept 4\n	nop\n	.endr\n"
	"	xor %edx, %edx\n"
	"	divq %rbx\n"
	"	.rept 7\n	nop\n	.endr\n"
	"	add %rax, %r14\n"
	"	nop\n"
	"	xor %edx, %edx\n"
	"	mov %r14, %rax\n"
	"	pop_saved\n"
	"	ret\n"
	"	.size division_tree, .-division_tree\n"
	"	.p2align 4\n"
	"	.nops 22\n"
	"	.type load_beside_a_run,@function\n"
	"load_beside_a_run:\n"
	"	push_saved\n"
	"	mov %rdi, %rbp\n"
	"	mov %rsi, %rbx\n"
	"	.rept 2\n	nop\n	.endr\n"
	"9:\n"
	"	nop\n"
	"	movzbl (%rbx), %edi\n"
	"	cmpxchg %rcx, %r15\n"
	"	movq 60(%rbp), %r10\n"
	"	movq 68(%rbp), %r9\n"
	"	movzbl 80(%rbp), %esi\n"
	"	movzwl 84(%rbp), %r12d\n"
	"	movl 92(%rbp), %r8d\n"
	"	movq 104(%rbp), %r13\n"
	"	nop\n"
	"	adc %rax, %rcx\n"
	"	.rept 20\n	nop\n	.endr\n"
	"	add %r10, %r14\n"
	"	add %r9, %r14\n"
	"	add %rsi, %r14\n"
	"	add %r12, %r14\n"
	"	add %r8, %r14\n"
	"	add %r13, %r14\n"
	"	add %rdi, %r14\n"
	"	xor %r10d, %r10d\n"
	"	xor %r9d, %r9d\n"
	"	xor %esi, %esi\n"
	"	xor %edi, %edi\n"
	"	mov %r14, %rax\n"
	"	pop_saved\n"
	"	ret\n"
	"	.size load_beside_a_run, .-load_beside_a_run\n");

static sigjmp_buf recovery;
static volatile int faults;

static void on_fault(int signal_number)
{
	(void)signal_number;
	faults++;
	siglongjmp(recovery, 1);
}

static char buffer_space[1 << 16] __attribute__((aligned(4096)));
static long sevens[4] = {7, 7, 7, 7}, zeros[4];

int main(void)
{
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = on_fault;
	action.sa_flags = SA_NODEFER;
	if (sigaction(SIGSEGV, &action, NULL) != 0 ||
	    sigaction(SIGFPE, &action, NULL) != 0)
		return 1;
	char* pages = mmap(NULL, 1 << 16, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pages == MAP_FAILED || mprotect(pages + 32768, 32768, PROT_NONE) != 0)
		return 1;
	/* Called through pointers: a direct call would have VEX translate
	 * each function as part of the caller's superblock. */
	long (*volatile divide)(char*, char*, long) = division_tree;
	long (*volatile load)(char*, char*, long) = load_beside_a_run;
	volatile long sum = 0;
	for (volatile int round = 0; round < 4; round++) {
		int bad = round % 4 != 2;
		if (sigsetjmp(recovery, 1) == 0)
			sum += divide(buffer_space + 4096,
				      (char*)(bad ? zeros : sevens), bad ? 0 : 7);
		if (sigsetjmp(recovery, 1) == 0)
			sum += load(buffer_space + 4096,
				    bad ? pages + 32768 : buffer_space + 100, 7);
	}
	printf("faults %d\n", faults);
	return 0;
}
