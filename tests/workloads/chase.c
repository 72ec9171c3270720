/* Workload for the differential tests: pointer chasing through a linked
 * list whose nodes (one cache line each) are linked in a shuffled order,
 * so every step is a dependent load to an unpredictable line; then the
 * same walk through a list small enough to stay in any L1.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O2
 */
#include <stdio.h>
#include <stdlib.h>

/* A line of 64 bytes whether pointers and longs are 8 bytes or 4. */
struct node {
	struct node *next;
	long payload[64 / sizeof(long) - 1];
};

static unsigned long long lcg_state = 12345;

static unsigned long lcg_next(void)
{
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned long)(lcg_state >> 33);
}

/* Links nodes[0..count) into one cycle in a random order. */
static void link_shuffled(struct node *nodes, size_t count)
{
	size_t *order = malloc(count * sizeof *order);
	if (order == NULL)
		exit(1);
	for (size_t i = 0; i < count; i++)
		order[i] = i;
	for (size_t i = count - 1; i > 0; i--) {
		size_t j = lcg_next() % (i + 1);
		size_t swap = order[i];
		order[i] = order[j];
		order[j] = swap;
	}
	for (size_t i = 0; i < count; i++) {
		nodes[order[i]].next = &nodes[order[(i + 1) % count]];
		nodes[order[i]].payload[0] = (long)i;
	}
	free(order);
}

static long long walk(const struct node *start, long steps)
{
	long long sum = 0;
	const struct node *at = start;
	while (steps-- > 0) {
		sum += at->payload[0];
		at = at->next;
	}
	return sum;
}

int main(void)
{
	enum { BIG = 32768, SMALL = 64 };
	struct node *big = calloc(BIG, sizeof *big);
	struct node *small = calloc(SMALL, sizeof *small);
	if (big == NULL || small == NULL)
		return 1;
	link_shuffled(big, BIG);
	link_shuffled(small, SMALL);
	long long big_sum = walk(big, 8L * BIG);
	long long small_sum = walk(small, 8L * BIG);
	printf("big %lld small %lld\n", big_sum, small_sum);
	free(big);
	free(small);
	return 0;
}
