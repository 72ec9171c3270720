/* Workload for the differential tests: a 32-bit (x86) program, run by the
 * tool's x86 build.  On x86 no counting store or predictor update is
 * inline IR (those are 64-bit only), so every group is counted, and every
 * branch predicted, by a helper call: this is the workload that runs
 * those paths on every event.  It has conditional branches driven by a
 * generator, a switch over dense cases (a jump table), calls through
 * function pointers, and reads and writes of 1 to 8 bytes, some of them
 * across cache lines; and a few 8-byte compare-and-swaps (lock cmpxchg8b)
 * across a line's end, whose first line is read before and whose second
 * nothing else touches: the access misses (once) only if it is taken as 8
 * bytes, not 4.  And a few calls through a pointer just below the stack
 * pointer, where the call's own push of its return address overwrites
 * the pointer: the target is the one read before the push.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -m32 -O2
 */
#include <stdio.h>
#include <string.h>

#define STEPS 200000
#define BUFFER_SIZE 8192

static unsigned lcg_state = 12345u;

static unsigned lcg_next(void)
{
	lcg_state = lcg_state * 1103515245u + 12345u;
	return lcg_state >> 16;
}

static long add(long a, long b) { return a + b; }
static long sub(long a, long b) { return a - b; }
static long mix(long a, long b) { return a ^ (b << 1); }
static long (*const operations[])(long, long) = {add, sub, mix};

static volatile long targets_reached;
static void call_target(void) { targets_reached++; }

static unsigned char buffer[BUFFER_SIZE];
static unsigned char swapped_area[128] __attribute__((aligned(64)));

int main(void)
{
	long total = 0;
	long long wide = 0;
	for (int step = 0; step < STEPS; step++) {
		unsigned r = lcg_next();
		if (r & 1)
			total += r % 7;
		else if (r & 2)
			total -= r % 5;
		switch (r % 8) {
		case 0: total += 3; break;
		case 1: total ^= 5; break;
		case 2: total -= 7; break;
		case 3: total += step; break;
		case 4: total ^= step; break;
		case 5: total -= 2; break;
		case 6: total += 11; break;
		default: total ^= 13; break;
		}
		total = operations[r % 3](total, (long)r);
		/* An 8-byte access at any offset: one in eight crosses a line. */
		unsigned offset = (r * 13u) % (BUFFER_SIZE - 8);
		long long value;
		memcpy(&value, buffer + offset, sizeof value);
		value += total;
		memcpy(buffer + offset, &value, sizeof value);
		wide += value;
		buffer[r % BUFFER_SIZE] ^= (unsigned char)step;
	}
	/* Few: a locked access across a line's end is slow on the host. */
	volatile long long* across = (volatile long long*)(swapped_area + 60);
	wide += *(volatile unsigned char*)swapped_area;
	for (int i = 0; i < 8; i++)
		wide += __sync_val_compare_and_swap(across, (long long)i, (long long)i + 1);
	for (int i = 0; i < 4; i++) {
		void (*pointer)(void) = call_target;
		__asm__ volatile("mov %0, -4(%%esp)\n\tcall *-4(%%esp)"
				 : : "r"(pointer)
				 : "memory", "eax", "ecx", "edx", "cc");
	}
	printf("%ld %lld %ld\n", total, wide, targets_reached);
	return 0;
}
