/* cg_sim.h: the cache simulator's state and its hot lookup.
 *
 * The model, which every count depends on:
 *  - set-associative caches with true LRU replacement; each set keeps only
 *    its tags, most recently used first; no data, valid or dirty bits;
 *    a set's first tags are its row of the tag array (one line's worth
 *    for the caches tested inline, two ways for an LL), and the ways
 *    that do not fit in the row follow in a row of an overflow array
 *    (the LL keeps its tags in a narrower layout of its own where it can,
 *    cg_ll.c, and in this one where it cannot);
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
   Int    row_bits;   /* log2(set_stride) */
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
 * for the LL (ROOM NULL, rows of two ways, see cg_sim.c for why), they
 * get memory of their own. */
void cg_sim_init(cache_sim_t* cache, const cache_t* config, UWord* room,
                 SizeT room_bytes);

/* Memory of its own, zeroed, for BYTES of tags (never freed; the pages
 * of it that are never written are never touched). */
void* cg_sim_tag_memory(SizeT bytes);

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
   return cache->tags + ((line_addr >> cache->line_bits) & cache->set_mask) *
                            cache->set_stride;
}

/* Looks TAG up in SET, a set of CACHE.  On a hit the line becomes the
 * most recently used (the tags above it move down one way) and the result
 * is True; on a miss nothing changes and the result is False.  Hits in the
 * first two ways, the common ones, are tested before the loop (in a cache
 * of two ways or more, every row holds two at least: an L1's row is a
 * line of 16 bytes or more, the LL's two ways). */
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
 * with one comparison and reordered with one blend; with AVX2, the row's
 * two halves are compared at once and reordered with a few shuffles and
 * blends.  Either way no branch depends on which way hit: the scalar
 * search above mispredicts often, its way varying from one call to the
 * next (a fetch slow path in sqlite3 finds its line in the second way, the
 * third, ... or not at all).  The tags are the same as the scalar code's:
 * any form may look a set up.  Callers pick a form once, for the whole run
 * (cg_sim_best_vector_search() and cg_sim_row8_ok()), and then use its
 * functions for every access of the cache. */

typedef enum {
   CG_VECTOR_SEARCH_NONE,    /* the scalar search above */
   CG_VECTOR_SEARCH_AVX2,
   CG_VECTOR_SEARCH_AVX512,  /* AVX-512 F and DQ */
} vector_search_t;

/* The fastest search the host runs (never a vector one on x86); every
 * form below it runs too. */
vector_search_t cg_sim_best_vector_search(void);

#if defined(VGA_amd64)
#include <immintrin.h>

#define CG_SIM_AVX512 __attribute__((target("avx512f,avx512dq")))
#define CG_SIM_AVX2 __attribute__((target("avx2")))

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

/* The overflow row's part of a miss of LINE_ADDR in SET's row: the last
 * way of the row moves into the overflow row, if there is one, in place
 * of LINE_ADDR's way there or of its last way.  True if LINE_ADDR missed
 * (it is in neither row).  The row itself is left to the caller, which
 * shifts it down one way, LINE_ADDR in front. */
Bool cg_sim_row8_spill_for(const cache_sim_t* cache, UWord* set,
                           Addr line_addr);

/* The rest of a lookup when LINE_ADDR is not in SET's row (see
 * cg_sim_row8_promote_avx512() below), out of line: the overflow row's
 * part (cg_sim_row8_spill_for()), then the row shifts down one way,
 * LINE_ADDR in front.  True if LINE_ADDR missed.  One form per
 * instruction set. */
CG_SIM_AVX512
Bool cg_sim_row8_row_missed_avx512(const cache_sim_t* cache, UWord* set,
                                   Addr line_addr);
CG_SIM_AVX2
Bool cg_sim_row8_row_missed_avx2(const cache_sim_t* cache, UWord* set,
                                 Addr line_addr);

/* What cg_sim_promote() does, for a cache that cg_sim_row8_ok() accepted,
 * within the row SET of LINE_ADDR only (False also when the line may be
 * in the overflow row).  The row's valid ways are compared at once, and
 * on a hit in way W, ways 0..W take the row shifted down one way with
 * LINE_ADDR in front, the others keeping theirs. */
CG_SIM_AVX512
static inline Bool cg_sim_row8_promote_avx512(const cache_sim_t* cache,
                                              UWord* set, Addr line_addr)
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

/* The row of eight tags at SET shifted down one way with LINE_ADDR in
 * front, in two halves (ways 0..3, ways 4..7), from the row's halves LOW
 * and HIGH: each half is rotated by one lane, and its lane 0 replaced by
 * LINE_ADDR or by the low half's last tag. */
CG_SIM_AVX2
static inline void cg_sim_row8_shift_avx2(__m256i low, __m256i high,
                                          __m256i wanted, __m256i* low_out,
                                          __m256i* high_out)
{
   __m256i low_rotated = _mm256_permute4x64_epi64(low, _MM_SHUFFLE(2, 1, 0, 3));
   __m256i high_rotated =
       _mm256_permute4x64_epi64(high, _MM_SHUFFLE(2, 1, 0, 3));
   *low_out = _mm256_blend_epi32(low_rotated, wanted, 0x03);
   *high_out = _mm256_blend_epi32(high_rotated, low_rotated, 0x03);
}

/* cg_sim_row8_promote_avx512() with AVX2: the halves' comparisons make an
 * eight-bit mask, whose lowest set bit is the way W that hit, the first
 * that holds the line, as in the scalar search (ways never filled all
 * hold line 0); the lanes above W keep their tags. */
CG_SIM_AVX2
static inline Bool cg_sim_row8_promote_avx2(const cache_sim_t* cache,
                                            UWord* set, Addr line_addr)
{
   __m256i low = _mm256_load_si256((const __m256i*)set);
   __m256i high = _mm256_load_si256((const __m256i*)(set + 4));
   __m256i wanted = _mm256_set1_epi64x((long long)line_addr);
   UInt low_found = (UInt)_mm256_movemask_pd(
      _mm256_castsi256_pd(_mm256_cmpeq_epi64(low, wanted)));
   UInt high_found = (UInt)_mm256_movemask_pd(
      _mm256_castsi256_pd(_mm256_cmpeq_epi64(high, wanted)));
   UInt found = (low_found | high_found << 4) & cache->row_lanes;
   if (UNLIKELY(found == 0))
      return False;
   __m256i low_shifted, high_shifted;
   cg_sim_row8_shift_avx2(low, high, wanted, &low_shifted, &high_shifted);
   __m256i way = _mm256_set1_epi64x(__builtin_ctz(found));
   __m256i low_kept = _mm256_cmpgt_epi64(_mm256_setr_epi64x(0, 1, 2, 3), way);
   __m256i high_kept = _mm256_cmpgt_epi64(_mm256_setr_epi64x(4, 5, 6, 7), way);
   _mm256_store_si256((__m256i*)set,
                      _mm256_blendv_epi8(low_shifted, low, low_kept));
   _mm256_store_si256((__m256i*)(set + 4),
                      _mm256_blendv_epi8(high_shifted, high, high_kept));
   return True;
}
#endif

#endif
