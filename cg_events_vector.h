/* cg_events_vector.h: the slow paths of cg_events.c whose rows are
 * searched with vector instructions, written once for every instruction
 * set.  cg_events.c includes this text once for each, with
 * CG_VECTOR_TARGET the set's target attribute (CG_SIM_AVX512 or
 * CG_SIM_AVX2) and CG_VECTOR(name) the name of the set's form of
 * something (name_avx512, name_avx2): the functions of cg_sim.h named
 * cg_sim_row8_..._<set> and the helpers made here.  It is not a header
 * of its own: it uses cg_events.c's caches and count_L1_miss().
 *
 * CG_VECTOR_SECOND_WAY_FIRST is 1 where the slow paths look at the
 * second way before searching the row (see CG_VECTOR(promote)()).
 *
 * With CG_VECTOR(line_is_miss)() a lookup inserts a missing line at once,
 * so an access across two lines looks both up and then counts one miss if
 * either missed, as cg_sim_access_is_miss() does.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

/* CG_VECTOR(cg_sim_row8_promote)(), after a look at the second way where
 * CG_VECTOR_SECOND_WAY_FIRST: most slow paths that find their line in the
 * row find it there (two lines of one set taking turns), and a load, a
 * comparison and a swap settle them before the longer AVX2 search.
 * Exact: the line is then the first way that holds it, and the search
 * would make the same swap. */
CG_VECTOR_TARGET
static inline Bool CG_VECTOR(promote)(const cache_sim_t* cache, UWord* set,
                                      Addr line_addr)
{
#if CG_VECTOR_SECOND_WAY_FIRST
   if (set[1] == line_addr && (cache->row_lanes & 2)) {
      set[1] = set[0];
      set[0] = line_addr;
      return True;
   }
#endif
   return CG_VECTOR(cg_sim_row8_promote)(cache, set, line_addr);
}

/* What cg_sim_line_is_miss() does, for a cache that cg_sim_row8_ok()
 * accepted. */
CG_VECTOR_TARGET
static inline Bool CG_VECTOR(line_is_miss)(const cache_sim_t* cache,
                                           UWord* set, Addr line_addr)
{
   return !CG_VECTOR(promote)(cache, set, line_addr)
          && CG_VECTOR(cg_sim_row8_row_missed)(cache, set, line_addr);
}

/* The rest of a one-line access whose L1 row has just been searched for
 * LINE_ADDR in vain, out of line as missed_in_one_line() is. */
CG_VECTOR_TARGET __attribute__((noinline))
static void CG_VECTOR(missed_in_one_line)(const cache_sim_t* L1, UWord* set,
                                          Addr line_addr, Addr addr,
                                          UWord size, ULong* L1_misses,
                                          ULong* LL_misses)
{
   if (CG_VECTOR(cg_sim_row8_row_missed)(L1, set, line_addr))
      count_L1_miss(addr, size, L1_misses, LL_misses);
}

CG_VECTOR_TARGET __attribute__((noinline))
static void CG_VECTOR(simulate_two_lines)(const cache_sim_t* L1, Addr addr,
                                          UWord size, ULong* L1_misses,
                                          ULong* LL_misses)
{
   Addr first = cg_sim_line_of(L1, addr);
   Addr last = cg_sim_line_of(L1, addr + size - 1);
   Bool missed = CG_VECTOR(line_is_miss)(L1, cg_sim_row8_set_of(L1, first),
                                         first);
   missed |= CG_VECTOR(line_is_miss)(L1, cg_sim_row8_set_of(L1, last), last);
   if (missed)
      count_L1_miss(addr, size, L1_misses, LL_misses);
}

CG_VECTOR_TARGET
static inline void CG_VECTOR(simulate)(const cache_sim_t* L1, Addr addr,
                                       UWord size, ULong* L1_misses,
                                       ULong* LL_misses, data_entry_t* entry)
{
   /* The lines are 64 bytes long (see cg_sim_row8_ok()). */
   if (UNLIKELY((addr & 63) + size > 64)) {
      CG_VECTOR(simulate_two_lines)(L1, addr, size, L1_misses, LL_misses);
      return;
   }
   Addr first = addr & ~(Addr)63;
   UWord* set = cg_sim_row8_set_of(L1, first);
   if (!CG_VECTOR(promote)(L1, set, first)) {
      if (entry != NULL)
         cg_entry_prefetch(entry, addr);
      CG_VECTOR(missed_in_one_line)(L1, set, first, addr, size, L1_misses,
                                    LL_misses);
   }
}

CG_VECTOR_TARGET
static VG_REGPARM(1) void CG_VECTOR(cg_fetch_line_slow)(
   const fetch_line_site_t* site)
{
   if (!CG_VECTOR(promote)(&I1_cache, site->set, site->line))
      CG_VECTOR(missed_in_one_line)(&I1_cache, site->set, site->line,
                                    site->line, 1, &site->cost->I1mr,
                                    &site->cost->ILmr);
}

CG_VECTOR_TARGET
static VG_REGPARM(2) void CG_VECTOR(cg_run_group_fetch_line)(
   event_group_t* group, const fetch_line_site_t* site)
{
   (*group->runs)++;
   /* Most of these calls, made with no inline test, find the line the most
    * recently used of its set: no need to search and store the row. */
   if (site->set[0] != site->line)
      CG_VECTOR(cg_fetch_line_slow)(site);
}

/* As cg_fetch_two_lines_slow(): a miss is counted as an access of one
 * byte more than a line at the first line's address.  The inline test
 * calls this when either line is not the most recently used of its set,
 * most often only one of them: a line that is needs no search. */
CG_VECTOR_TARGET
static VG_REGPARM(1) void CG_VECTOR(cg_fetch_two_lines_slow)(
   const fetch_two_lines_site_t* site)
{
   UWord line_size = (UWord)1 << I1_cache.line_bits;
   Addr last = site->line + line_size;
   Bool missed = False;
   if (site->first_set[0] != site->line)
      missed = CG_VECTOR(line_is_miss)(&I1_cache, site->first_set, site->line);
   if (site->last_set[0] != last)
      missed |= CG_VECTOR(line_is_miss)(&I1_cache, site->last_set, last);
   if (UNLIKELY(missed))
      count_L1_miss(site->line, line_size + 1, &site->cost->I1mr,
                    &site->cost->ILmr);
}

static const fetch_line_helpers_t CG_VECTOR(fetch_line_helpers) = {
   {CG_STRING_OF(CG_VECTOR(cg_run_group_fetch_line)),
    CG_VECTOR(cg_run_group_fetch_line)},
   {CG_STRING_OF(CG_VECTOR(cg_fetch_line_slow)), CG_VECTOR(cg_fetch_line_slow)},
   {CG_STRING_OF(CG_VECTOR(cg_fetch_two_lines_slow)),
    CG_VECTOR(cg_fetch_two_lines_slow)},
};

CG_VECTOR_TARGET
VG_REGPARM(2) void CG_VECTOR(cg_read_entry)(Addr addr, UWord index)
{
   data_entry_t* entry = &cg_read_entries[index];
   CG_VECTOR(simulate)(&D1_cache, addr, entry->size, &entry->cost->D1mr,
                       &entry->cost->DLmr, entry);
}

CG_VECTOR_TARGET
VG_REGPARM(2) void CG_VECTOR(cg_write_entry)(Addr addr, UWord index)
{
   data_entry_t* entry = &cg_write_entries[index];
   CG_VECTOR(simulate)(&D1_cache, addr, entry->size, &entry->cost->D1mw,
                       &entry->cost->DLmw, entry);
}

/* Most accesses of a run whose inline test failed still hit the most
 * recently used way (one line of the two was not): checked first, as the
 * inline test of a single access would have, before any search. */
CG_VECTOR_TARGET
VG_REGPARM(2) void CG_VECTOR(cg_run_slow)(Addr base, const data_run_t* run)
{
   UInt i;
   for (i = 0; i < run->count; i++) {
      const run_access_t* a = &run->access[i];
      Addr addr = base + (Addr)(Word)a->offset;
      Addr line = addr & ~(Addr)63;
      if ((addr & 63) + a->size <= 64
          && cg_sim_row8_set_of(&D1_cache, line)[0] == line)
         continue;
      if (a->write)
         CG_VECTOR(simulate)(&D1_cache, addr, a->size, &a->cost->D1mw,
                             &a->cost->DLmw, NULL);
      else
         CG_VECTOR(simulate)(&D1_cache, addr, a->size, &a->cost->D1mr,
                             &a->cost->DLmr, NULL);
   }
}
