/* Workload for the differential tests: the three kinds of hard-to-predict
 * control flow.  A bytecode interpreter dispatches through a switch over
 * sixteen dense cases (a jump table: indirect jumps), helpers are called
 * through a table of function pointers (indirect calls), and a linear
 * congruential generator drives conditional branches that no predictor
 * can learn.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O2
 */
#include <stdio.h>

#define PROGRAM_SIZE 4096
#define STEPS 300000

static unsigned lcg_state = 2463534242u;

static unsigned lcg_next(void)
{
	lcg_state = lcg_state * 1664525u + 1013904223u;
	return lcg_state >> 16;
}

static long long add_one(long long x) { return x + 1; }
static long long twice(long long x) { return x * 2; }
static long long halve(long long x) { return x / 2; }
static long long negate(long long x) { return -x; }
static long long square_mod(long long x) { return (x * x) % 10007; }

static long long (*const helpers[])(long long) = { add_one, twice, halve, negate, square_mod };

static unsigned char program[PROGRAM_SIZE];

static long long interpret(void)
{
	long long accumulator = 1, other = 3;
	for (long step = 0; step < STEPS; step++) {
		unsigned char opcode = program[step % PROGRAM_SIZE];
		switch (opcode) {
		case 0: accumulator += other; break;
		case 1: accumulator -= other; break;
		case 2: accumulator ^= step; break;
		case 3: other = accumulator & 255; break;
		case 4: accumulator = (long long)((unsigned long long)accumulator << 1); break;
		case 5: accumulator >>= 1; break;
		case 6: accumulator |= 5; break;
		case 7: accumulator &= 0xffffff; break;
		case 8: other += 7; break;
		case 9: other = -other; break;
		case 10: accumulator = helpers[other & 3](accumulator); break;
		case 11: accumulator = helpers[4](accumulator); break;
		case 12: accumulator += program[(accumulator & 0xfff)]; break;
		case 13: other ^= accumulator; break;
		case 14: accumulator %= 100003; break;
		case 15: other = step; break;
		}
	}
	return accumulator + other;
}

static long long random_branches(void)
{
	long long taken = 0, not_taken = 0;
	for (int i = 0; i < STEPS; i++) {
		unsigned r = lcg_next();
		if (r & 1)
			taken += r % 7;
		else
			not_taken++;
		if ((r & 6) == 6)
			taken++;
		long long (*helper)(long long) = helpers[r % 5];
		not_taken = helper(not_taken) & 0xffff;
	}
	return taken * 3 + not_taken;
}

int main(void)
{
	for (int i = 0; i < PROGRAM_SIZE; i++)
		program[i] = (unsigned char)(lcg_next() % 16);
	long long interpreted = interpret();
	long long randomised = random_branches();
	printf("interpreted %lld random %lld\n", interpreted, randomised);
	return 0;
}
