/* Workload for the differential tests: single instructions whose memory
 * accesses and branches the front end and the IR optimiser shape: cmov
 * from memory (always loaded), prefetch (no access), movnti, push and pop
 * of memory operands, movsq and lodsb, movaps with its alignment check,
 * cpuid and rdtsc (no access), a load made dead by a second load to the
 * same register, a load straddling two cache lines, two loads through one
 * base register whose span covers two lines, the "&&" idiom that
 * the front end merges into one guarded branch, an indirect call through
 * memory, and Valgrind client requests (one 19-byte instruction each),
 * one that the core answers and one that no tool handles.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <stdio.h>
#include <valgrind/valgrind.h>

#define ROUNDS 20000

static long words[64] __attribute__((aligned(64)));
static long sink[64] __attribute__((aligned(64)));
/* Two lines, and at 64 kB from the second a line of the same D1 set (in
 * every configuration the tests use). */
static char straddled[65536 + 128] __attribute__((aligned(64)));
/* Read from memory, so that the tool cannot know the loads' addresses. */
static char *volatile straddle_base = straddled + 54;
static float aligned_floats[8] __attribute__((aligned(16)));

static long memory_operands(long i)
{
	long result = i, scratch = 0;
	long *word = &words[i % 32];
	__asm__ volatile("test $1, %[i]\n\t"
			 "cmovnz %[mem], %[result]\n\t"
			 "cmovz %[mem], %[scratch]\n\t"
			 "prefetcht0 %[mem]\n\t"
			 "movnti %[result], %[out]\n\t"
			 "push %[mem]\n\t"
			 "pop %[out]\n\t"
			 : [result] "+r"(result), [scratch] "+r"(scratch), [out] "=m"(sink[i % 32])
			 : [i] "r"(i), [mem] "m"(*word)
			 : "cc");
	return result + scratch;
}

static long string_and_vector(long i)
{
	void *to = &sink[(i * 3) % 32], *from = &words[i % 32];
	long last;
	__asm__ volatile("movsq" : "+D"(to), "+S"(from) : : "memory");
	from = &words[(i * 5) % 32];
	__asm__ volatile("lodsb" : "=a"(last), "+S"(from) : : "memory");
	__asm__ volatile("movaps %[floats], %%xmm1\n\t"
			 "addps %%xmm1, %%xmm1\n\t"
			 "movaps %%xmm1, %[floats]"
			 : [floats] "+m"(aligned_floats)
			 :
			 : "xmm1");
	return last & 0xff;
}

/* The first load is dead; the second load straddles a line boundary. */
static long dead_and_straddling(long i)
{
	long value;
	const char *base = (const char *)words + 60 + (i % 2) * 64;
	__asm__ volatile("mov %[a], %[value]\n\t"
			 "mov %[b], %[value]"
			 : [value] "=&r"(value)
			 : [a] "m"(words[i % 8]), [b] "m"(*(const long *)base));
	return value;
}

/* A byte at offset 54 of a line and eight bytes at 60, through one base
 * register whose value the tool cannot know, in one I1 line (the
 * alignment): a run of accesses whose last one straddles two lines, the
 * same two every round.  Every other round a read of another line of the
 * second line's set comes between, so that the run finds its first line
 * the most recently used of its set and its second line not; in the other
 * rounds it finds both. */
static long run_straddling(long i)
{
	long first, second, other = 0;
	char *base = straddle_base;
	if (i & 1)
		other = *(volatile char *)(base + 10 + 65536);
	__asm__ volatile(".p2align 4\n\t"
			 "movzbq (%[base]), %[first]\n\t"
			 "mov 6(%[base]), %[second]"
			 : [first] "=&r"(first), [second] "=&r"(second)
			 : [base] "r"(base), "m"(straddled));
	return first + second + other;
}

/* Two conditional jumps to the same target: "x == 0 || y == 0". */
static long and_idiom(long x, long y)
{
	long hits = 0;
	__asm__ volatile("test %[x], %[x]\n\t"
			 "je 1f\n\t"
			 "test %[y], %[y]\n\t"
			 "je 1f\n\t"
			 "inc %[hits]\n"
			 "1:"
			 : [hits] "+r"(hits)
			 : [x] "r"(x), [y] "r"(y)
			 : "cc");
	return hits;
}

static long identity(long x) { return x; }
static long (*volatile through_memory)(long) = identity;

static unsigned no_access_instructions(void)
{
	unsigned eax = 0, ebx, ecx = 0, edx, low, high;
	__asm__ volatile("cpuid" : "+a"(eax), "=b"(ebx), "+c"(ecx), "=d"(edx));
	__asm__ volatile("rdtsc" : "=a"(low), "=d"(high));
	return eax > 0;
}

int main(void)
{
	long total = 0;
	for (long i = 0; i < 64; i++)
		words[i] = i * 3 + 1;
	for (long i = 0; i < ROUNDS; i++) {
		total += memory_operands(i);
		total += string_and_vector(i);
		total += dead_and_straddling(i);
		total += run_straddling(i);
		total += and_idiom(i % 3, i % 5);
		total += through_memory(i & 7);
		total += RUNNING_ON_VALGRIND;
		total += (long)VALGRIND_DO_CLIENT_REQUEST_EXPR(5, 0x4d430000 + 0x99, 0, 0, 0, 0, 0);
	}
	total += no_access_instructions();
	printf("total %ld sink %ld floats %.1f\n", total, sink[3], aligned_floats[0]);
	return 0;
}
