/* cg_sim.c: the I1, D1 and LL cache simulator (see cg_sim.h for the model).
 *
 * Only set-up and the insertion of a missing line live here; the lookup,
 * which runs for every simulated access, is inline in cg_sim.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "cg_sim.h"

static Int log2_of(UInt power_of_two)
{
   Int bits = 0;
   while ((1u << bits) < power_of_two)
      bits++;
   tl_assert((1u << bits) == power_of_two);
   return bits;
}

void cg_sim_init(cache_sim_t* cache, const cache_t* config, UWord* room,
                 SizeT room_bytes)
{
   UWord sets = (UWord)config->size / config->line_size / config->assoc;
   UWord stride = (UWord)config->assoc;
   tl_assert(sets >= 1 && (sets & (sets - 1)) == 0);
   /* A power-of-two stride turns the set's offset into a shift of the
    * address's set bits (see mru_slot() in cg_instrument.c). */
   if (room != NULL)
      while ((stride & (stride - 1)) != 0)
         stride++;
   cache->assoc      = config->assoc;
   cache->set_stride = stride;
   cache->set_mask   = sets - 1;
   cache->line_bits  = log2_of(config->line_size);
   /* Every way starts out holding block 0, line address 0: exactly what
    * static and fresh anonymous memory hold, so the tags need no clearing,
    * and the pages of sets never used (most of a large LL's) are never
    * touched.  The padding ways are never looked at. */
   SizeT bytes = sizeof(UWord) * sets * stride;
   if (room != NULL && bytes <= room_bytes) {
      cache->tags = room;
      return;
   }
   cache->tags = VG_(am_shadow_alloc)(bytes);
   if (cache->tags == NULL)
      VG_(out_of_memory_NORETURN)("cg.sim.tags", bytes);
}

void cg_sim_insert(UWord* set, Int assoc, UWord tag)
{
   Int way;
   for (way = assoc - 1; way > 0; way--)
      set[way] = set[way - 1];
   set[0] = tag;
}
