/* Workload for the differential tests: generated code.  A loop is written
 * into an anonymous executable mapping and called; then patched in place
 * (Valgrind notices the change, discards the old translations and
 * translates again); then the mapping is unmapped and a new one is made and
 * filled with other code, often at the same address.  The code has no debug
 * information, so its counts go to file "???", function "???", line 0.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define CALLS 3000

/* int loop(int step, int count): xor %eax,%eax; 1: add %edi,%eax;
 * dec %esi; jnz 1b; ret.  Byte 2 selects add (0x01) or sub (0x29). */
static const unsigned char loop_code[] = { 0x31, 0xc0, 0x01, 0xf8, 0xff, 0xce,
					   0x75, 0xfa, 0xc3 };
/* int scaled(int x, int unused): lea (%rdi,%rdi,2),%eax; ret */
static const unsigned char scaled_code[] = { 0x8d, 0x04, 0x7f, 0xc3 };

typedef int generated(int, int);

static unsigned char *new_code(const unsigned char *code, size_t size)
{
	unsigned char *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return NULL;
	memcpy(page, code, size);
	return page;
}

static long call_many(unsigned char *page, int count)
{
	generated *function = (generated *)(void *)page;
	long sum = 0;
	for (int i = 0; i < CALLS; i++)
		sum += function(i & 15, count);
	return sum;
}

int main(void)
{
	long total = 0;
	for (int round = 0; round < 3; round++) {
		unsigned char *page = new_code(loop_code, sizeof loop_code);
		if (page == NULL)
			return 1;
		total += call_many(page, 5 + round);
		page[2] = 0x29;
		total += call_many(page, 7);
		munmap(page, 4096);
		page = new_code(scaled_code, sizeof scaled_code);
		if (page == NULL)
			return 1;
		total += call_many(page, 0);
		munmap(page, 4096);
	}
	printf("total %ld\n", total);
	return 0;
}
