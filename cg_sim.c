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

/* Memory of its own, zeroed, for BYTES of tags. */
static UWord* tag_memory(SizeT bytes)
{
   UWord* tags = VG_(am_shadow_alloc)(bytes);
   if (tags == NULL)
      VG_(out_of_memory_NORETURN)("cg.sim.tags", bytes);
   return tags;
}

void cg_sim_init(cache_sim_t* cache, const cache_t* config, UWord* room,
                 SizeT room_bytes)
{
   UWord sets = (UWord)config->size / config->line_size / config->assoc;
   tl_assert(sets >= 1 && (sets & (sets - 1)) == 0);
   cache->assoc     = config->assoc;
   cache->set_mask  = sets - 1;
   cache->line_bits = log2_of(config->line_size);
   cache->overflow  = NULL;
   /* Rows one line long make a set's offset in the tag array the
    * address's set bits as they are (see mru_slot() in cg_instrument.c). */
   cache->set_stride = room != NULL ? config->line_size / sizeof(UWord)
                                    : (UWord)config->assoc;
   cache->row_ways = config->assoc < (Int)cache->set_stride
                        ? config->assoc : (Int)cache->set_stride;
   cache->row_bits = room != NULL ? log2_of((UInt)cache->set_stride) : 0;
   /* Every way starts out holding block 0, line address 0: exactly what
    * static and fresh anonymous memory hold, so the tags need no clearing,
    * and the pages of sets never used (most of a large LL's) are never
    * touched.  The padding ways of a row are never looked at. */
   if (cache->row_ways < cache->assoc)
      cache->overflow = tag_memory(sizeof(UWord) * sets
                                   * (SizeT)(cache->assoc - cache->row_ways));
   SizeT bytes = sizeof(UWord) * sets * cache->set_stride;
   cache->tags = room != NULL && bytes <= room_bytes ? room : tag_memory(bytes);
}

void cg_sim_insert(const cache_sim_t* cache, UWord* set, UWord tag)
{
   if (cache->row_ways < cache->assoc)
      cg_sim_spill_row(cache, set, cache->assoc - cache->row_ways - 1);
   cg_sim_move_to_front(set, cache->row_ways - 1, tag);
}
