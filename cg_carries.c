/* cg_carries.c: the table of counts whose sums wrapped (see cg_carries.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <assert.h>
#include <stdlib.h>

#include "cg_alloc.h"
#include "cg_carries.h"

void cg_carries_free(cg_carries* carries)
{
   free(carries->keys);
   free(carries->carries);
   carries->keys = NULL;
   carries->carries = NULL;
   carries->used = carries->mask = 0;
}

static size_t slot_of(const cg_carries* carries, uint64_t key)
{
   uint64_t hash = key * 0x9e3779b97f4a7c15ULL;
   size_t slot = (size_t)(hash >> 32) & carries->mask;
   while (carries->keys[slot] != 0 && carries->keys[slot] != key)
      slot = (slot + 1) & carries->mask;
   return slot;
}

static void grow(cg_carries* carries)
{
   cg_carries old = *carries;
   carries->mask = old.mask == 0 ? 15 : old.mask * 2 + 1;
   carries->keys = cg_xcalloc(carries->mask + 1, sizeof(uint64_t));
   carries->carries = cg_xcalloc(carries->mask + 1, sizeof(int64_t));
   for (size_t s = 0; old.mask != 0 && s <= old.mask; s++) {
      if (old.keys[s] == 0)
         continue;
      size_t slot = slot_of(carries, old.keys[s]);
      carries->keys[slot] = old.keys[s];
      carries->carries[slot] = old.carries[s];
   }
   free(old.keys);
   free(old.carries);
}

/* Adds STEP (1 or -1) to the carry of KEY. */
static void note(cg_carries* carries, uint64_t key, int64_t step)
{
   assert(key != 0); /* 0 marks a free slot */
   if ((carries->used + 1) * 2 > carries->mask + 1)
      grow(carries);
   size_t slot = slot_of(carries, key);
   if (carries->keys[slot] == 0) {
      carries->keys[slot] = key;
      carries->used++;
   }
   /* Each wrap moves the carry by one, and there are fewer additions than
    * 2^63: it cannot overflow. */
   carries->carries[slot] += step;
}

void cg_carries_note_wraps(cg_carries* carries, uint64_t first_key,
                           const int64_t* sum, const int64_t* addend,
                           size_t count, int sign)
{
   for (size_t i = 0; i < count; i++) {
      /* The sum before, found again modulo 2^64, tells which wrapped and
       * which way. */
      uint64_t after = (uint64_t)sum[i], step = (uint64_t)addend[i];
      int64_t before = (int64_t)(sign > 0 ? after - step : after + step);
      int64_t again;
      if (sign > 0 && __builtin_add_overflow(before, addend[i], &again))
         note(carries, first_key + i, addend[i] > 0 ? 1 : -1);
      else if (sign < 0 && __builtin_sub_overflow(before, addend[i], &again))
         note(carries, first_key + i, addend[i] > 0 ? -1 : 1);
   }
}

int64_t cg_carries_of(const cg_carries* carries, uint64_t key)
{
   if (carries->used == 0)
      return 0;
   size_t slot = slot_of(carries, key);
   return carries->keys[slot] == key ? carries->carries[slot] : 0;
}

int cg_carries_lowest(const cg_carries* carries, uint64_t first,
                      uint64_t* key)
{
   int found = 0;
   for (size_t s = 0; carries->mask != 0 && s <= carries->mask; s++) {
      if (carries->keys[s] < first || carries->carries[s] == 0)
         continue;
      if (!found || carries->keys[s] < *key)
         *key = carries->keys[s];
      found = 1;
   }
   return found;
}
