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

/* Adds STEP (1 or -1) to the carry of KEY: the rare part of
 * cg_carries_add(). */
void cg_carries_note(cg_carries* carries, uint64_t key, int64_t step);

/* *SUM += SIGN * ADDEND (SIGN 1 or -1), modulo 2^64; a wrap is noted under
 * KEY. */
static inline void cg_carries_add(cg_carries* carries, uint64_t key,
                                  int64_t* sum, int64_t addend, int sign)
{
   int64_t result;
   if (sign > 0) {
      if (__builtin_add_overflow(*sum, addend, &result))
         cg_carries_note(carries, key, addend > 0 ? 1 : -1);
   } else {
      if (__builtin_sub_overflow(*sum, addend, &result))
         cg_carries_note(carries, key, addend > 0 ? -1 : 1);
   }
   *sum = result;
}

/* Finds the lowest key whose count is not its stored value (its carry is
 * not 0): returns 1 and sets *KEY, or returns 0 if every count fits. */
int cg_carries_lowest(const cg_carries* carries, uint64_t* key);

#endif
