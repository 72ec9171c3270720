/* cg_carries.h: what keeps a profile's sums exact when they leave 64 bits
 * on the way.  A profile stores its counts in 64 bits, as data files hold
 * them, but a sum of counts of both signs (a difference of profiles, say)
 * may pass 2^63 and come back, and only its final value has to fit.  So
 * each count is summed modulo 2^64, and each one whose sum wrapped gets an
 * entry here: how many times 2^64 its true value lies from the stored
 * one.  Ordinary profiles never wrap, and pay nothing but the overflow
 * test of each addition.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_CARRIES_H
#define CG_CARRIES_H

#include <stddef.h>
#include <stdint.h>

/* Keys are the callers' (never 0); an open-addressed table, at most half
 * full, of the counts that wrapped at least once. */
typedef struct cg_carries {
   uint64_t* keys;    /* 0: a free slot */
   int64_t* carries;  /* the true value minus the stored one, over 2^64 */
   size_t used;
   size_t mask;       /* slot count - 1; no table while 0 */
} cg_carries;

void cg_carries_free(cg_carries* carries);

/* Notes the wraps of the sums SUM[0 .. COUNT) just made by
 * cg_carries_add(), the keys following on from FIRST_KEY: its rare part. */
void cg_carries_note_wraps(cg_carries* carries, uint64_t first_key,
                           const int64_t* sum, const int64_t* addend,
                           size_t count, int sign);

/* SUM[i] += SIGN * ADDEND[i] (SIGN 1 or -1) modulo 2^64 for each of the
 * COUNT counts, whose keys are FIRST_KEY, FIRST_KEY + 1, ...; a wrap is
 * noted.  The additions are tested for overflow all together first, and
 * looked at one by one only when one of them wrapped. */
static inline void cg_carries_add(cg_carries* carries, uint64_t first_key,
                                  int64_t* sum, const int64_t* addend,
                                  size_t count, int sign)
{
   int wrapped = 0;
   if (sign > 0) {
      for (size_t i = 0; i < count; i++)
         wrapped |= __builtin_add_overflow(sum[i], addend[i], &sum[i]);
   } else {
      for (size_t i = 0; i < count; i++)
         wrapped |= __builtin_sub_overflow(sum[i], addend[i], &sum[i]);
   }
   if (wrapped)
      cg_carries_note_wraps(carries, first_key, sum, addend, count, sign);
}

/* The carry of KEY: 0 if its count never wrapped. */
int64_t cg_carries_of(const cg_carries* carries, uint64_t key);

/* Finds the lowest key from FIRST on whose count is not its stored value
 * (its carry is not 0): returns 1 and sets *KEY, or returns 0 if all those
 * counts fit. */
int cg_carries_lowest(const cg_carries* carries, uint64_t first,
                      uint64_t* key);

#endif
