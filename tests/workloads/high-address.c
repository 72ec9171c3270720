/* Workload for the differential tests: memory at high addresses, where a
 * line's block number needs more than 32 bits once a small LL's set bits
 * are taken off (see cg_ll.c): pages mapped at 2^40, 2^46 and just below
 * 2^47, walked in turn with low memory so that their lines share LL sets
 * with it, before and after a read of a non-canonical address (2^51),
 * which faults before any cache sees it.  Then pages at the top of user
 * space are read a byte a page, up and then down: D1 misses at a constant
 * stride, at which the slow paths prefetch the client's memory some
 * strides further on (cg_entries.h), here past the end of user space into
 * non-canonical addresses, and below the pages into unmapped ones.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O2
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define REGION_BYTES (1 << 16)
#define REGIONS 3

static sigjmp_buf after_fault;

static void on_fault(int signal_number)
{
	(void)signal_number;
	siglongjmp(after_fault, 1);
}

/* Sums every 64th byte of each region and of LOW, a region at a time, so
 * that each line of a high region follows a line of low memory. */
static unsigned long walk(unsigned char *const *regions, int count,
			  const unsigned char *low)
{
	unsigned long sum = 0;
	for (int r = 0; r < count; r++)
		for (int i = 0; i < REGION_BYTES; i += 64) {
			sum += regions[r][i];
			sum += low[i];
		}
	return sum;
}

/* Pages mapped at the top of user space (its last page is the kernel's). */
#define TOP_PAGES 16
#define PAGE_BYTES 4096

/* Reads a byte of each of the TOP_PAGES pages at TOP, upwards and then
 * downwards, a few times over. */
static unsigned long walk_pages(const unsigned char *top)
{
	unsigned long sum = 0;
	for (int pass = 0; pass < 3; pass++) {
		for (int page = 0; page < TOP_PAGES; page++)
			sum += top[page * PAGE_BYTES];
		for (int page = TOP_PAGES - 1; page >= 0; page--)
			sum += top[page * PAGE_BYTES + 64];
	}
	return sum;
}

int main(void)
{
	static const unsigned long wanted[REGIONS] = {
		1UL << 40, 1UL << 46, (1UL << 47) - (1UL << 24)};
	static unsigned char low[REGION_BYTES];
	unsigned char *regions[REGIONS];
	int count = 0;
	for (int r = 0; r < REGIONS; r++) {
		void *p = mmap((void *)wanted[r], REGION_BYTES,
			       PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
			       -1, 0);
		if (p == MAP_FAILED) {
			printf("region %d not mapped\n", r);
			continue;
		}
		memset(p, r + 1, REGION_BYTES);
		regions[count++] = p;
	}
	memset(low, 7, sizeof low);
	unsigned long sum = walk(regions, count, low);
	signal(SIGSEGV, on_fault);
	if (sigsetjmp(after_fault, 1) == 0)
		sum += *(volatile unsigned char *)(1UL << 51);
	else
		printf("the read of 2^51 faulted\n");
	sum += walk(regions, count, low);
	printf("%d regions, sum %lu\n", count, sum);
	void *top = mmap((void *)((1UL << 47) - (TOP_PAGES + 1) * PAGE_BYTES),
			 TOP_PAGES * PAGE_BYTES, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (top == MAP_FAILED) {
		printf("top pages not mapped\n");
		return 0;
	}
	memset(top, 3, TOP_PAGES * PAGE_BYTES);
	printf("top pages, sum %lu\n", walk_pages(top));
	return 0;
}
