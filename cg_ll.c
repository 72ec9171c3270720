/* cg_ll.c: the simulated last-level cache (see cg_ll.h).
 *
 * The LL's tags take megabytes, more than the host's own caches keep
 * beside the client's data, so a lookup often waits for the host's memory,
 * and what it costs is how many host lines it reads.  Its tags are kept
 * in 32 bits each, in two arrays: a row of each set's first two ways
 * (8 bytes a set, where most lookups end: code and data in use stay near
 * the front of their sets), and the set's other ways, up to 16 of them,
 * in one 64-byte host line of their own.  A hit in the first two ways
 * reads one small row, anything else that row and one line.  (cg_sim.h's
 * layout, 64-bit tags, keeps rows of 16 bytes and the rest of a set in
 * 112 bytes over two or three lines, all of which a miss reads.)
 *
 * A packed tag is the line's block number without its set bits, plus one.
 * The plus one keeps fresh memory's zeroes from matching any line of the
 * sets they are in, as cg_sim.h's model has it (every way starts holding
 * block 0, which maps to set 0): set 0's ways are given block 0's tag, 1,
 * explicitly.  Where a block number is too large for 32 bits with its set
 * bits taken off (from 2^51 on with the usual geometries: no user-space
 * address, but a faulting access may name one, and a tiny LL's sets leave
 * fewer bits), the LL is moved at that moment into cg_sim.h's layout,
 * every set as it stands, and stays there: the same tags in the same
 * order, so the counts are the same either way.  An LL of more than 18
 * ways uses that layout throughout.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "cg_ll.h"
#include "cg_sim.h"

#if defined(VGA_amd64)
#include <emmintrin.h>
#endif

#define ROW_WAYS 2
#define MORE_WAYS 16 /* 32-bit tags in a 64-byte host line */

static cache_sim_t wide; /* the LL in cg_sim.h's layout */
static UInt* rows;       /* ROW_WAYS tags a set, or NULL once unpacked */
static UInt* more;       /* MORE_WAYS tags a set: the ways after the row */
static Int more_ways;        /* the ways after the row, or 0 */
static UInt more_ways_mask;  /* bit W set for each of them */
static Int set_bits;         /* log2(number of sets) */

void cg_ll_init(const cache_t* config)
{
   Int way;
   cg_sim_init(&wide, config, NULL, 0);
   UWord sets = wide.set_mask + 1;
   set_bits = __builtin_popcountl(wide.set_mask);
   if (config->assoc > ROW_WAYS + MORE_WAYS)
      return;
   more_ways = wide.assoc > ROW_WAYS ? wide.assoc - ROW_WAYS : 0;
   more_ways_mask = (1u << more_ways) - 1;
   rows = cg_sim_tag_memory(sets * ROW_WAYS * sizeof(UInt));
   if (more_ways > 0)
      more = cg_sim_tag_memory(sets * MORE_WAYS * sizeof(UInt));
   /* Block 0 in every way of set 0. */
   for (way = 0; way < wide.assoc && way < ROW_WAYS; way++)
      rows[way] = 1;
   for (way = 0; way < more_ways; way++)
      more[way] = 1;
}

Int cg_ll_line_bits(void) { return wide.line_bits; }

/* The line address that TAG stands for in set SET_INDEX. */
static Addr unpacked_tag(UInt tag, UWord set_index)
{
   UWord block = tag == 0 ? 0 : ((UWord)(tag - 1) << set_bits) | set_index;
   return block << wide.line_bits;
}

/* Moves every set into the wide layout, way for way. */
static __attribute__((noinline)) void unpack(void)
{
   UWord set_index;
   for (set_index = 0; set_index <= wide.set_mask; set_index++) {
      UWord* set = wide.tags + set_index * wide.set_stride;
      UWord* overflow = wide.overflow ? cg_sim_overflow_of(&wide, set) : NULL;
      Int way;
      for (way = 0; way < wide.assoc; way++) {
         UInt tag = way < ROW_WAYS
                       ? rows[set_index * ROW_WAYS + way]
                       : more[set_index * MORE_WAYS + way - ROW_WAYS];
         if (way < wide.row_ways)
            set[way] = unpacked_tag(tag, set_index);
         else
            overflow[way - wide.row_ways] = unpacked_tag(tag, set_index);
      }
   }
   rows = NULL;
}

#if defined(VGA_amd64)
/* The rest of a lookup of TAG that its row did not hold: in SET's ways
 * after the row, the way that holds TAG, or the last on a miss, takes the
 * way before it, and so on down to the first, which takes ENTERING (the
 * row's last tag).  True if no way held TAG.  With SSE2 (part of every
 * amd64 host): the four quarters compared at once and rewritten whole,
 * with no branch on the way, which varies from one lookup to the next. */
static inline Bool more_missed(UInt* set, UInt tag, UInt entering)
{
   __m128i* quarters = (__m128i*)set;
   __m128i wanted = _mm_set1_epi32((int)tag);
   __m128i q0 = _mm_load_si128(quarters + 0);
   __m128i q1 = _mm_load_si128(quarters + 1);
   __m128i q2 = _mm_load_si128(quarters + 2);
   __m128i q3 = _mm_load_si128(quarters + 3);
#define FOUND_IN(q) \
   ((UInt)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(q, wanted))))
   UInt found = (FOUND_IN(q0) | FOUND_IN(q1) << 4 | FOUND_IN(q2) << 8
                 | FOUND_IN(q3) << 12) & more_ways_mask;
#undef FOUND_IN
   Int way = found != 0 ? __builtin_ctz(found) : more_ways - 1;
   /* The lanes that change: those whose index is below WAY + 1. */
   __m128i limit = _mm_set1_epi32(way + 1);
   __m128i index = _mm_setr_epi32(0, 1, 2, 3);
   __m128i four = _mm_set1_epi32(4);
#define STORE(i, q, shifted)                                              \
   do {                                                                   \
      __m128i moves = _mm_cmplt_epi32(index, limit);                      \
      _mm_store_si128(quarters + i,                                       \
                      _mm_or_si128(_mm_and_si128(moves, shifted),         \
                                   _mm_andnot_si128(moves, q)));          \
      index = _mm_add_epi32(index, four);                                 \
   } while (0)
#define SHIFTED(q, before) \
   _mm_or_si128(_mm_slli_si128(q, 4), _mm_srli_si128(before, 12))
   STORE(0, q0,
         _mm_or_si128(_mm_slli_si128(q0, 4), _mm_cvtsi32_si128((int)entering)));
   STORE(1, q1, SHIFTED(q1, q0));
   STORE(2, q2, SHIFTED(q2, q1));
   STORE(3, q3, SHIFTED(q3, q2));
#undef SHIFTED
#undef STORE
   return found == 0;
}
#else
/* The same, a way at a time. */
static inline Bool more_missed(UInt* set, UInt tag, UInt entering)
{
   Int way;
   for (way = 0; way < more_ways - 1; way++)
      if (set[way] == tag)
         break;
   Bool missed = set[way] != tag;
   for (; way > 0; way--)
      set[way] = set[way - 1];
   set[0] = entering;
   return missed;
}
#endif

/* One line's lookup in the packed sets; True if it missed.  The line
 * becomes the most recently used of its set, the ways before the one it
 * was in (or all, on a miss) moving down one. */
static inline __attribute__((always_inline)) Bool
packed_line_is_miss(UWord set_index, UInt tag)
{
   UInt* row = rows + set_index * ROW_WAYS;
   if (LIKELY(row[0] == tag))
      return False;
   if (wide.assoc == 1) {
      row[0] = tag;
      return True;
   }
   UInt second = row[1];
   row[1] = row[0];
   row[0] = tag;
   if (second == tag)
      return False;
   return more_ways == 0
          || more_missed(more + set_index * MORE_WAYS, tag, second);
}

/* Inline in both of cg_ll_access_is_miss()'s paths: it runs on every L1
 * miss, and is short but for the move to the wide layout, which is not. */
static inline __attribute__((always_inline)) Bool line_is_miss(Addr line_addr)
{
   if (rows != NULL) {
      UWord block = line_addr >> wide.line_bits;
      UWord tag = (block >> set_bits) + 1;
      if (LIKELY(tag <= 0xFFFFFFFFul))
         return packed_line_is_miss(block & wide.set_mask, (UInt)tag);
      unpack();
   }
   return cg_sim_line_is_miss(&wide, line_addr);
}

Bool cg_ll_access_is_miss(Addr addr, UWord size)
{
   Addr first = cg_sim_line_of(&wide, addr);
   Addr last = cg_sim_line_of(&wide, addr + size - 1);
   if (LIKELY(first == last))
      return line_is_miss(first);
   /* Straddling: both lines are always looked up. */
   Bool first_missed = line_is_miss(first);
   Bool last_missed = line_is_miss(last);
   return first_missed || last_missed;
}
