/* cg_sim.h: the cache simulator's state and its hot lookup.
 *
 * The model, which every count depends on:
 *  - set-associative caches with true LRU replacement; each set keeps only
 *    its tags, most recently used first; no data, valid or dirty bits;
 *    a set's tags are its row of the tag array, and for the caches tested
 *    inline, whose rows are one line long, the ways that do not fit in the
 *    row follow in a row of an overflow array;
 *  - the set is picked by plain bit selection (block number modulo the
 *    number of sets) and the tag is the whole block number, kept as the
 *    line's address (the block number times the line size: the same
 *    information, and the inline test in cg_instrument.c compares it with
 *    an address in fewer operations);
 *  - every tag starts as 0, so block 0 "hits" in set 0 at first;
 *  - reads and writes are treated alike (write-allocate, no write-back);
 *  - an access that straddles two lines touches both (both update LRU) and
 *    is one access that misses if either line missed;
 *  - the LL is neither inclusive nor exclusive: it is consulted only on an
 *    L1 miss, with the original address and size, and its evictions never
 *    touch the L1 caches.
 * The lookup is here, inline, because it runs for every simulated access.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_SIM_H
#define CG_SIM_H

#include "pub_tool_basics.h"
#include "cg_arch.h"

typedef struct {
   Int    assoc;
   Int    row_ways;   /* ways in a set's row: assoc, or fewer */
   UWord  set_stride; /* tags from one row to the next */
   Int    row_bits;   /* log2(set_stride), for the rows tested inline */
   UWord  set_mask;   /* number of sets - 1 (a power of two minus one) */
   Int    line_bits;  /* log2(line size) */
   UWord* tags;       /* one row per set, most recent first */
   UWord* overflow;   /* the other assoc - row_ways ways of each set, or NULL */
   UChar  row_lanes;  /* bit W set for each way W of the row (W < 8) */
} cache_sim_t;

/* Sets up CACHE for the geometry CONFIG (which must have passed the
 * checks of cg_arch.h).  For the caches tested inline, ROOM is given: each
 * row is one line long, so that a set's first tag lies at the address's
 * set bits taken in place (see mru_slot() in cg_instrument.c), and the
 * rows go in ROOM (ROOM_BYTES of zeroes) when they fit.  Otherwise, and
 * for the others (ROOM NULL, rows of assoc tags), they get memory of
 * their own. */
void cg_sim_init(cache_sim_t* cache, const cache_t* config, UWord* room,
                 SizeT room_bytes);

/* The overflow row of SET, a row of CACHE's tag array: its ways from
 * row_ways on. */
static inline UWord* cg_sim_overflow_of(const cache_sim_t* cache,
                                        const UWord* set)
{
   UWord index = (UWord)(set - cache->tags) >> cache->row_bits;
   return cache->overflow + index * (UWord)(cache->assoc - cache->row_ways);
}

/* TAG becomes the first tag of ROW, the tags before WAY moving down one
 * (WAY's own tag falls out, or is the one moving to the front). */
static inline void cg_sim_move_to_front(UWord* row, Int way, UWord tag)
{
   for (; way > 0; way--)
      row[way] = row[way - 1];
   row[0] = tag;
}

/* The last way of SET's row moves to the front of its overflow row, the
 * overflow row's ways before LAST moving down one (LAST's tag falls out). */
static inline void cg_sim_spill_row(const cache_sim_t* cache, UWord* set,
                                    Int last)
{
   cg_sim_move_to_front(cg_sim_overflow_of(cache, set), last,
                        set[cache->row_ways - 1]);
}

/* The way of SET's overflow row that holds TAG, or -1. */
static inline Int cg_sim_overflow_way(const cache_sim_t* cache,
                                      const UWord* set, UWord tag)
{
   const UWord* more = cg_sim_overflow_of(cache, set);
   Int way;
   for (way = 0; way < cache->assoc - cache->row_ways; way++)
      if (more[way] == tag)
         return way;
   return -1;
}

/* A miss of TAG in SET: every tag moves down one way, the least recently
 * used falls out, and TAG becomes the most recently used. */
void cg_sim_insert(const cache_sim_t* cache, UWord* set, UWord tag);

/* The address of the line holding ADDR. */
static inline Addr cg_sim_line_of(const cache_sim_t* cache, Addr addr)
{
   return addr & ~(((Addr)1 << cache->line_bits) - 1);
}

/* The tags of the set that the line at LINE_ADDR maps to. */
static inline UWord* cg_sim_set_of(const cache_sim_t* cache, Addr line_addr)
{
   return cache->tags
          + ((line_addr >> cache->line_bits) & cache->set_mask) * cache->set_stride;
}

/* Looks TAG up in SET, a set of CACHE.  On a hit the line becomes the
 * most recently used (the tags above it move down one way) and the result
 * is True; on a miss nothing changes and the result is False.  Hits in the
 * first two ways, the common ones, are tested before the loop (every row
 * holds two ways at least: lines are 16 bytes or more). */
static inline Bool cg_sim_promote(const cache_sim_t* cache, UWord* set,
                                  UWord tag)
{
   Int way;
   if (LIKELY(set[0] == tag))
      return True;
   if (cache->assoc < 2)
      return False;
   if (LIKELY(set[1] == tag)) {
      set[1] = set[0];
      set[0] = tag;
      return True;
   }
   for (way = 2; way < cache->row_ways; way++) {
      if (set[way] == tag) {
         cg_sim_move_to_front(set, way, tag);
         return True;
      }
   }
   if (cache->row_ways == cache->assoc)
      return False;
   /* The ways beyond the row, inline too (as a call, this layout made
    * sqlite3 2 % slower instead of 2 % faster). */
   way = cg_sim_overflow_way(cache, set, tag);
   if (way < 0)
      return False;
   cg_sim_spill_row(cache, set, way);
   cg_sim_move_to_front(set, cache->row_ways - 1, tag);
   return True;
}

/* One line's lookup; True if it missed. */
static inline Bool cg_sim_line_is_miss(const cache_sim_t* cache, Addr line_addr)
{
   UWord* set = cg_sim_set_of(cache, line_addr);
   if (cg_sim_promote(cache, set, line_addr))
      return False;
   cg_sim_insert(cache, set, line_addr);
   return True;
}

/* An access of SIZE (>= 1) bytes at ADDR; True if it missed.  Callers
 * never pass an access wider than the smallest line, so it touches at
 * most two lines. */
static inline Bool cg_sim_access_is_miss(const cache_sim_t* cache, Addr addr,
                                         UWord size)
{
   Addr first = cg_sim_line_of(cache, addr);
   Addr last  = cg_sim_line_of(cache, addr + size - 1);
   if (LIKELY(first == last))
      return cg_sim_line_is_miss(cache, first);
   /* Straddling: both lines are always looked up. */
   Bool first_missed = cg_sim_line_is_miss(cache, first);
   Bool last_missed  = cg_sim_line_is_miss(cache, last);
   return first_missed || last_missed;
}

/* ---- the same lookup with vector instructions ----
 *
 * On a host with AVX-512, a row of eight tags (a 64-byte line) is searched
 * with one comparison and reordered with one blend, so no branch depends
 * on which way hit: the scalar search above mispredicts often, its way
 * varying from one call to the next (a fetch slow path in sqlite3 finds
 * its line in the second way, the third, ... or not at all).  The tags
 * are the same as the scalar code's: either may look a set up.  Callers
 * check cg_sim_host_has_avx512() and cg_sim_row8_ok() once, and then use
 * these functions for every access of the cache. */

/* Whether the host runs AVX-512 (F and DQ); never on x86. */
Bool cg_sim_host_has_avx512(void);

#if defined(VGA_amd64)
#include <immintrin.h>

#define CG_SIM_AVX512 __attribute__((target("avx512f,avx512dq")))

/* Whether CACHE's rows are eight tags, one 64-byte line each, as the
 * functions below need. */
Bool cg_sim_row8_ok(const cache_sim_t* cache);

/* cg_sim_set_of() for such a cache: a row is as long as a line, so the
 * row's byte offset is the address's set bits in place. */
static inline UWord* cg_sim_row8_set_of(const cache_sim_t* cache,
                                        Addr line_addr)
{
   return (UWord*)((UChar*)cache->tags + (line_addr & (cache->set_mask << 6)));
}

/* The rest of a lookup when LINE_ADDR is not in SET's row (see
 * cg_sim_row8_promote() below), out of line: the last way of the row
 * moves into the overflow row, if there is one, in place of LINE_ADDR's
 * way there or of its last way; the row shifts down one way, LINE_ADDR in
 * front.
 * True if LINE_ADDR missed. */
CG_SIM_AVX512
Bool cg_sim_row8_row_missed(const cache_sim_t* cache, UWord* set,
                            Addr line_addr);

/* What cg_sim_promote() does, for a cache that cg_sim_row8_ok() accepted,
 * within the row SET of LINE_ADDR only (False also when the line may be
 * in the overflow row).  The row's valid ways are compared at once, and
 * on a hit in way W, ways 0..W take the row shifted down one way with
 * LINE_ADDR in front, the others keeping theirs. */
CG_SIM_AVX512
static inline Bool cg_sim_row8_promote(const cache_sim_t* cache, UWord* set,
                                       Addr line_addr)
{
   __m512i row = _mm512_load_si512((const void*)set);
   __m512i wanted = _mm512_set1_epi64((long long)line_addr);
   __mmask8 found = _mm512_mask_cmpeq_epi64_mask(cache->row_lanes, row, wanted);
   if (UNLIKELY(_kortestz_mask8_u8(found, found)))
      return False;
   /* Ways 0..W are 2 * found - 1, worked out in the mask registers (a
    * trip through an integer register and back doubles the latency). */
   __mmask8 moved = _kadd_mask8(_kadd_mask8(found, found), (__mmask8)0xFF);
   /* Lane 0 the tag, lanes 1..7 the row's lanes 0..6. */
   __m512i shifted = _mm512_alignr_epi64(row, wanted, 7);
   _mm512_store_si512((void*)set, _mm512_mask_blend_epi64(moved, row, shifted));
   return True;
}

/* What cg_sim_line_is_miss() does, for a cache that cg_sim_row8_ok()
 * accepted. */
CG_SIM_AVX512
static inline Bool cg_sim_row8_line_is_miss(const cache_sim_t* cache,
                                            UWord* set, Addr line_addr)
{
   return !cg_sim_row8_promote(cache, set, line_addr)
          && cg_sim_row8_row_missed(cache, set, line_addr);
}
#endif

#endif
