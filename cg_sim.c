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

void* cg_sim_tag_memory(SizeT bytes)
{
   void* tags = VG_(am_shadow_alloc)(bytes);
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
    * address's set bits as they are (see mru_slot() in cg_instrument.c).
    * Otherwise (the LL) rows are two ways long: most lookups find their
    * line in the first two ways of its set, and they then read only the
    * rows, which take a few hundred kilobytes where the whole tag array
    * takes megabytes, and so mostly stay in the host's caches.  The rest
    * of a set, whose tags the host must mostly fetch from memory, is read
    * only when neither way holds the line.  (A matrix read by columns
    * finds its lines in the second way of their LL sets: with whole sets
    * in one array, each such lookup missed the host's caches; the bench's
    * matrix traversal runs 5 % faster with the rows.) */
   if (room != NULL)
      cache->set_stride = config->line_size / sizeof(UWord);
   else
      cache->set_stride = config->assoc < 2 ? 1 : 2;
   cache->row_ways = config->assoc < (Int)cache->set_stride
                        ? config->assoc : (Int)cache->set_stride;
   cache->row_bits = log2_of((UInt)cache->set_stride);
   cache->row_lanes =
      (UChar)((1u << (cache->row_ways < 8 ? cache->row_ways : 8)) - 1);
   /* Every way starts out holding block 0, line address 0: exactly what
    * static and fresh anonymous memory hold, so the tags need no clearing,
    * and the pages of sets never used (most of a large LL's) are never
    * touched.  The padding ways of a row are never looked at. */
   if (cache->row_ways < cache->assoc)
      cache->overflow = cg_sim_tag_memory(
          sizeof(UWord) * sets * (SizeT)(cache->assoc - cache->row_ways));
   SizeT bytes = sizeof(UWord) * sets * cache->set_stride;
   cache->tags =
       room != NULL && bytes <= room_bytes ? room : cg_sim_tag_memory(bytes);
}

void cg_sim_insert(const cache_sim_t* cache, UWord* set, UWord tag)
{
   if (cache->row_ways < cache->assoc)
      cg_sim_spill_row(cache, set, cache->assoc - cache->row_ways - 1);
   cg_sim_move_to_front(set, cache->row_ways - 1, tag);
}

#if defined(VGA_amd64)
static void cpuid(UInt leaf, UInt* eax, UInt* ebx, UInt* ecx, UInt* edx)
{
   __asm__ volatile("cpuid" : "=a"(*eax), "=b"(*ebx), "=c"(*ecx), "=d"(*edx)
                            : "a"(leaf), "c"(0));
}

/* AVX2 is CPUID leaf 7, EBX bit 5; AVX-512 Foundation and DQ, bits 16 and
 * 17.  Either needs the operating system to save the vector registers
 * (XCR0: SSE and AVX; for AVX-512, the opmask and both upper ZMM parts
 * too), and XGETBV, which reads XCR0, needs OSXSAVE (leaf 1, ECX bit 27). */
vector_search_t cg_sim_best_vector_search(void)
{
   UInt eax, ebx, ecx, edx, xcr0_low, xcr0_high;
   cpuid(0, &eax, &ebx, &ecx, &edx);
   if (eax < 7)
      return CG_VECTOR_SEARCH_NONE;
   cpuid(1, &eax, &ebx, &ecx, &edx);
   if (!(ecx & (1u << 27)))
      return CG_VECTOR_SEARCH_NONE;
   __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
   cpuid(7, &eax, &ebx, &ecx, &edx);
   if ((xcr0_low & 0xE6) == 0xE6 && (ebx & (1u << 16)) && (ebx & (1u << 17)))
      return CG_VECTOR_SEARCH_AVX512;
   if ((xcr0_low & 0x06) == 0x06 && (ebx & (1u << 5)))
      return CG_VECTOR_SEARCH_AVX2;
   return CG_VECTOR_SEARCH_NONE;
}

Bool cg_sim_row8_ok(const cache_sim_t* cache)
{
   return cache->set_stride == 8 && cache->line_bits == 6
          && ((Addr)cache->tags & 63) == 0;
}

Bool cg_sim_row8_spill_for(const cache_sim_t* cache, UWord* set,
                           Addr line_addr)
{
   if (cache->row_ways == cache->assoc)
      return True;
   Int way = cg_sim_overflow_way(cache, set, line_addr);
   cg_sim_spill_row(cache, set,
                    way < 0 ? cache->assoc - cache->row_ways - 1 : way);
   return way < 0;
}

/* In both forms, the padding ways of a row shorter than eight take
 * whatever comes: they are never looked at. */
CG_SIM_AVX512
Bool cg_sim_row8_row_missed_avx512(const cache_sim_t* cache, UWord* set,
                                   Addr line_addr)
{
   Bool missed = cg_sim_row8_spill_for(cache, set, line_addr);
   __m512i row = _mm512_load_si512((const void*)set);
   __m512i wanted = _mm512_set1_epi64((long long)line_addr);
   _mm512_store_si512((void*)set, _mm512_alignr_epi64(row, wanted, 7));
   return missed;
}

CG_SIM_AVX2
Bool cg_sim_row8_row_missed_avx2(const cache_sim_t* cache, UWord* set,
                                 Addr line_addr)
{
   Bool missed = cg_sim_row8_spill_for(cache, set, line_addr);
   __m256i low_shifted, high_shifted;
   cg_sim_row8_shift_avx2(_mm256_load_si256((const __m256i*)set),
                          _mm256_load_si256((const __m256i*)(set + 4)),
                          _mm256_set1_epi64x((long long)line_addr),
                          &low_shifted, &high_shifted);
   _mm256_store_si256((__m256i*)set, low_shifted);
   _mm256_store_si256((__m256i*)(set + 4), high_shifted);
   return missed;
}
#else
vector_search_t cg_sim_best_vector_search(void)
{
   return CG_VECTOR_SEARCH_NONE;
}
#endif
