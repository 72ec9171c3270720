/* Workload for the differential tests: locked read-modify-write
 * instructions (lock add, lock xadd, lock or, xchg, lock cmpxchg, and the
 * 16-byte lock cmpxchg16b), their unlocked forms (add, xadd and cmpxchg to
 * memory), and fences (mfence, and lock or to the stack).  Each locked
 * form has its own pattern of loads, modifies and restart branches.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1 -mcx16
 */
#include <stdio.h>

#define ROUNDS 100000

static volatile long counter;
static volatile long flags;
static volatile long slot;
static volatile long unlocked_total;
static long unlocked_word;
static unsigned __int128 wide __attribute__((aligned(16)));

static void locked_arithmetic(long i)
{
	__sync_fetch_and_add(&counter, 3);                 /* lock add */
	long before = __sync_fetch_and_add(&counter, i);   /* lock xadd */
	__sync_fetch_and_or(&flags, 1L << (i & 31));       /* lock or */
	long old = __atomic_exchange_n(&slot, before, __ATOMIC_SEQ_CST); /* xchg */
	unlocked_total += old & 7;                          /* plain modify */
}

/* The same read-modify-write instructions without a lock prefix. */
static void unlocked_forms(long value)
{
	__asm__ volatile("addq %1, %0\n\t"
			 "xaddq %1, %0\n\t"
			 "movq %1, %%rax\n\t"
			 "cmpxchgq %1, %0\n\t"
			 "incl %0"
			 : "+m"(unlocked_word), "+r"(value)
			 :
			 : "rax", "cc");
}

static int compare_and_swap(long i)
{
	long seen = slot;
	/* lock cmpxchg: succeeds every time but one in eight. */
	long expected = (i % 8 == 0) ? seen + 1 : seen;
	int swapped = __sync_bool_compare_and_swap(&slot, expected, seen + i);
	/* lock cmpxchg16b: fails when the low half was changed above. */
	unsigned __int128 current = wide;
	unsigned __int128 next = current + ((unsigned __int128)1 << 64) + (unsigned long)i;
	if (i % 5 == 0)
		current ^= 1;
	swapped += __sync_bool_compare_and_swap(&wide, current, next);
	return swapped;
}

int main(void)
{
	int swaps = 0;
	for (long i = 0; i < ROUNDS; i++) {
		locked_arithmetic(i);
		swaps += compare_and_swap(i);
		unlocked_forms(i);
		if (i % 1000 == 0)
			__sync_synchronize();
		if (i % 1000 == 500)
			__asm__ volatile("mfence" ::: "memory");
	}
	printf("counter %ld flags %lx swaps %d wide %lx:%lx unlocked %ld %ld\n", counter,
	       flags, swaps, (unsigned long)(wide >> 64), (unsigned long)wide, unlocked_total,
	       unlocked_word);
	return 0;
}
