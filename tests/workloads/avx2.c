/* Workload for the differential tests: AVX2 and FMA code: 256-bit loads
 * and stores (aligned and unaligned), gathers through an index table,
 * fused multiply-adds, and masked loads and stores, whose lanes are
 * counted as separate guarded accesses.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O2 -mavx2 -mfma
 */
#include <immintrin.h>
#include <stdio.h>

#define COUNT 16384

static double values[COUNT] __attribute__((aligned(32)));
static float singles[COUNT + 8] __attribute__((aligned(32)));
static int indexes[COUNT] __attribute__((aligned(32)));
static double results[COUNT] __attribute__((aligned(32)));

static void fill(void)
{
	unsigned state = 1;
	for (int i = 0; i < COUNT; i++) {
		state = state * 1103515245u + 12345u;
		values[i] = (double)(i % 97) * 0.25;
		singles[i] = (float)(i % 31);
		indexes[i] = (int)((state >> 8) % COUNT);
	}
}

/* results[i] = values[indexes[i]] * values[i] + results[i], four at a time. */
static void gather_fma(void)
{
	for (int i = 0; i < COUNT; i += 4) {
		__m128i where = _mm_load_si128((const __m128i *)&indexes[i]);
		__m256d gathered = _mm256_i32gather_pd(values, where, 8);
		__m256d own = _mm256_load_pd(&values[i]);
		__m256d sum = _mm256_loadu_pd(&results[i]);
		_mm256_storeu_pd(&results[i], _mm256_fmadd_pd(gathered, own, sum));
	}
}

/* Eight-lane integer gathers and unaligned single-precision FMAs. */
static float gather_singles(void)
{
	__m256 total = _mm256_setzero_ps();
	for (int i = 0; i + 8 <= COUNT; i += 8) {
		__m256i where = _mm256_load_si256((const __m256i *)&indexes[i]);
		__m256i picked = _mm256_i32gather_epi32(indexes, where, 4);
		__m256 as_float = _mm256_cvtepi32_ps(_mm256_and_si256(picked, _mm256_set1_epi32(255)));
		__m256 shifted = _mm256_loadu_ps(&singles[i + 1]);
		total = _mm256_fmadd_ps(as_float, shifted, total);
	}
	float lanes[8];
	_mm256_storeu_ps(lanes, total);
	return lanes[0] + lanes[3] + lanes[7];
}

/* Masked loads and stores with a varying number of active lanes. */
static float masked(void)
{
	__m256 total = _mm256_setzero_ps();
	for (int i = 0; i + 16 <= COUNT; i += 9) {
		int active = (i / 9) % 9;
		__m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(active),
						  _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
		__m256 loaded = _mm256_maskload_ps(&singles[i], mask);
		total = _mm256_add_ps(total, loaded);
		_mm256_maskstore_ps(&singles[i + 3], mask, total);
	}
	float lanes[8];
	_mm256_storeu_ps(lanes, total);
	return lanes[1] + lanes[6];
}

int main(void)
{
	fill();
	for (int round = 0; round < 16; round++)
		gather_fma();
	double check = 0;
	for (int i = 0; i < COUNT; i += 64)
		check += results[i];
	float singles_check = gather_singles();
	float masked_check = masked();
	printf("fma %.3f gather %.1f masked %.1f\n", check, singles_check, masked_check);
	return 0;
}
