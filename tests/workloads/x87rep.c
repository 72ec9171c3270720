/* Workload for the differential tests: x87 long double arithmetic with
 * explicit 10-byte loads and stores (fldt, fstpt); the rep-prefixed string
 * instructions (rep movsb, rep stosb, repe cmpsb), whose every iteration is
 * an instruction and a branch; and fxsave/fxrstor and xsave/xrstor, whose
 * big memory blocks are split into many accesses (on x86, fxsave's is one
 * access, see fx_room), and the x87 state saves
 * fnstenv/fldenv (28 bytes) and fnsave/frstor (108 bytes), each counted as
 * one access of at most the smallest line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <cpuid.h>
#include <stdio.h>

#define ROUNDS 20000

static long double series[64];
static unsigned char bytes_a[4096 + 64], bytes_b[4096 + 64];
/* fxsave's area, 272 bytes into a block aligned to 512: with lines of 256
 * bytes or more, the 32-bit fxsave's access (464 bytes, counted up to the
 * smallest line) is narrowed to 8 bits by the reference, to 0 bytes or
 * 208, which stay in one line from there where 464 would not (see
 * state_saves()); and an area at a line's start would make the reference
 * fail. */
static struct {
	unsigned char before[272];
	unsigned char area[512];
	unsigned char after[240]; /* the rest of a second 512-byte line */
} fx_room __attribute__((aligned(512)));
#define fx_area fx_room.area
static unsigned char x87_env[28], x87_state[108];
static unsigned char xsave_area[4096] __attribute__((aligned(64)));

static long double x87_series(void)
{
	long double sum = 0;
	for (int i = 1; i <= ROUNDS; i++) {
		long double term = 1.0L / ((long double)i * i);
		long double stored;
		/* An explicit 80-bit store and load of the same value. */
		__asm__ volatile("fldt %1\n\tfstpt %0" : "=m"(stored) : "m"(term));
		series[i % 64] = stored;
		sum += series[(i * 5) % 64];
	}
	return sum;
}

static void rep_move(void *to, const void *from, unsigned long count)
{
	__asm__ volatile("rep movsb" : "+D"(to), "+S"(from), "+c"(count) : : "memory");
}

static void rep_store(void *to, unsigned char value, unsigned long count)
{
	__asm__ volatile("rep stosb" : "+D"(to), "+c"(count) : "a"(value) : "memory");
}

/* Returns how many bytes repe cmpsb left uncompared. */
static unsigned long rep_compare(const void *a, const void *b, unsigned long count)
{
	__asm__ volatile("repe cmpsb" : "+D"(a), "+S"(b), "+c"(count) : : "memory", "cc");
	return count;
}

static unsigned long string_instructions(void)
{
	unsigned long check = 0;
	for (unsigned long i = 0; i < 1500; i++) {
		unsigned long length = (i * 37) % 700;
		rep_store(bytes_a + i % 64, (unsigned char)i, length);
		rep_move(bytes_b + (i * 3) % 64, bytes_a + i % 64, length);
		check += rep_compare(bytes_a + i % 64, bytes_b + (i * 3) % 64, length);
		bytes_b[(i * 3) % 64 + length / 2] ^= 1;
		check += rep_compare(bytes_a + i % 64, bytes_b + (i * 3) % 64, length);
	}
	rep_move(bytes_b, bytes_a, 0);
	return check;
}

static int has_xsave(void)
{
	unsigned eax, ebx, ecx, edx;
	return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_OSXSAVE);
}

static unsigned state_saves(void)
{
	unsigned check = 0;
	/* The area's first line cached: an fxsave that reached the next
	 * line too would miss where the reference's hits. */
	fx_area[0] = 1;
	for (int i = 0; i < 200; i++) {
		__asm__ volatile("fxsave %0\n\tfxrstor %0" : "+m"(fx_area));
		check += fx_area[i % 32];
		/* The x87 environment (28 bytes) and whole state (108 bytes),
		 * which fnsave resets and frstor brings back.  Their bytes
		 * are left out of the check: they hold the last instruction's
		 * address, which the simulated CPU sets its own way. */
		__asm__ volatile("fnstenv %0\n\tfldenv %0" : "+m"(x87_env));
		__asm__ volatile("fnsave %0\n\tfrstor %0" : "+m"(x87_state));
		if (has_xsave()) {
			__asm__ volatile("xsave %0\n\txrstor %0"
					 : "+m"(xsave_area)
					 : "a"(7), "d"(0));
			check += xsave_area[i % 64];
		}
	}
	return check;
}

int main(void)
{
	long double sum = x87_series();
	unsigned long strings = string_instructions();
	unsigned saves = state_saves();
	printf("series %.12Lf strings %lu saves %u\n", sum, strings, saves);
	return 0;
}
