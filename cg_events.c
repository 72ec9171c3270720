/* cg_events.c: the run-time side of the tool.  Instrumented code calls
 * these helpers (see cg_events.h for when), which feed events to the cache
 * and branch simulators and charge the outcome to the event's line.
 *
 * How outcomes are counted:
 *  - a fetch or data access that misses its L1 cache (I1 for fetches, D1
 *    for data) adds to the L1 miss counter, and the LL is then consulted
 *    with the same address and size; an LL miss adds to the LL counter;
 *  - a read-modify-write is one read;
 *  - a mispredicted branch adds to the mispredict counter.
 * The reference and branch counters themselves are counted per group.
 *
 * The slow paths that run most have other forms, for hosts with AVX-512 or
 * AVX2 and L1 caches of 64-byte lines, which search a set's row of tags
 * with vector instructions (see cg_sim.h and cg_events_vector.h);
 * cg_events_init() picks the forms once for the whole run.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "cg_branchpred.h"
#include "cg_entries.h"
#include "cg_events.h"
#include "cg_ll.h"
#include "cg_sim.h"

static cache_sim_t I1_cache, D1_cache;

/* Room for the tags of I1 and D1, which the instrumented code tests
 * inline.  Static data lies in the tool's image, below 2 GB, so the tag
 * array's address fits in an instruction's 32-bit displacement and each
 * inline test is two instructions shorter than with a heap address.
 * A set's row there is one line long, so 32768 words (256 kB on amd64,
 * 128 kB on x86) hold the rows of a cache whose size is at most that
 * times its associativity; the pages a smaller cache does not use are
 * never touched.  Each starts a page: where the rows began at 0xd80 of a
 * page, as another build's layout put them, python3 ran 1.15 to 1.6 times
 * as long as with the rows one page lower; starting a page, they ran
 * alike at five places (docs/performance.md, "Where the tags lie"). */
static UWord I1_room[32768] __attribute__((aligned(4096)));
static UWord D1_room[32768] __attribute__((aligned(4096)));

/* The search that the data entry points lead to (see cg_entries.h), and
 * the fetch helpers the instrumenter calls: the scalar forms, or those of
 * the vector search cg_events_init() picked. */
static vector_search_t data_search = CG_VECTOR_SEARCH_NONE;
static fetch_line_helpers_t fetch_line_helpers = {
   {"cg_run_group_fetch_line", cg_run_group_fetch_line},
   {"cg_fetch_line_slow", cg_fetch_line_slow},
   {"cg_fetch_two_lines_slow", cg_fetch_two_lines_slow},
};
#if defined(VGA_amd64)
/* Made with the vector forms of the helpers, below. */
static const fetch_line_helpers_t fetch_line_helpers_avx512;
static const fetch_line_helpers_t fetch_line_helpers_avx2;
#endif

void cg_events_init(const cache_t* I1, const cache_t* D1, const cache_t* LL,
                    vector_search_t search)
{
   cg_sim_init(&I1_cache, I1, I1_room, sizeof I1_room);
   cg_sim_init(&D1_cache, D1, D1_room, sizeof D1_room);
#if defined(VGA_amd64)
   if (search != CG_VECTOR_SEARCH_NONE && cg_sim_row8_ok(&I1_cache))
      fetch_line_helpers = search == CG_VECTOR_SEARCH_AVX512
                              ? fetch_line_helpers_avx512
                              : fetch_line_helpers_avx2;
   if (cg_sim_row8_ok(&D1_cache))
      data_search = search;
#endif
   cg_ll_init(LL);
}

const fetch_line_helpers_t* cg_events_fetch_line_helpers(void)
{
   return &fetch_line_helpers;
}

Bool cg_events_is_fetch_helper(Addr address)
{
   void* a = (void*)address;
   return a == fetch_line_helpers.run_group_fetch_line.address ||
          a == fetch_line_helpers.fetch_line.address ||
          a == fetch_line_helpers.fetch_two_lines.address ||
          a == (void*)cg_fetch_slow || a == (void*)cg_run_group_fetch;
}

vector_search_t cg_events_data_search(void) { return data_search; }

const helper_t* cg_events_run_slow_helper(void)
{
   static const helper_t scalar = {"cg_run_slow", cg_run_slow};
#if defined(VGA_amd64)
   static const helper_t avx512 = {"cg_run_slow_avx512", cg_run_slow_avx512};
   static const helper_t avx2 = {"cg_run_slow_avx2", cg_run_slow_avx2};
   if (data_search == CG_VECTOR_SEARCH_AVX512)
      return &avx512;
   if (data_search == CG_VECTOR_SEARCH_AVX2)
      return &avx2;
#endif
   return &scalar;
}

const cache_sim_t* cg_events_I1(void) { return &I1_cache; }
const cache_sim_t* cg_events_D1(void) { return &D1_cache; }

Bool cg_events_fetch_line_ok(void)
{
   return cg_ll_line_bits() >= I1_cache.line_bits;
}

void cg_events_fold_counts(event_group_t* group)
{
   UInt i;
   ULong runs = *group->runs;
   if (runs == 0)
      return;
   for (i = 0; i < group->counted_count; i++) {
      const counted_t* c = &group->counted[i];
      c->cost->Ir += runs * c->fetches;
      c->cost->Dr += runs * c->reads;
      c->cost->Dw += runs * c->writes;
      c->cost->Bc += runs * c->cond_branches;
      c->cost->Bi += runs * c->ind_branches;
   }
   *group->runs = 0;
}

static void count_L1_miss(Addr addr, UWord size, ULong* L1_misses,
                          ULong* LL_misses)
{
   (*L1_misses)++;
   if (cg_ll_access_is_miss(addr, size))
      (*LL_misses)++;
}

/* The rest of a one-line access whose L1 set SET has just been searched
 * for LINE_ADDR in vain.  This path, and the next, are kept out of line so
 * that the helpers below, which settle the common hits themselves, stay
 * small leaf functions. */
static __attribute__((noinline))
void missed_in_one_line(const cache_sim_t* L1, UWord* set, Addr line_addr,
                        Addr addr, UWord size, ULong* L1_misses,
                        ULong* LL_misses)
{
   cg_sim_insert(L1, set, line_addr);
   count_L1_miss(addr, size, L1_misses, LL_misses);
}

/* The whole simulation of an access across two L1 lines. */
static __attribute__((noinline))
void simulate_two_lines(const cache_sim_t* L1, Addr addr, UWord size,
                        ULong* L1_misses, ULong* LL_misses)
{
   if (cg_sim_access_is_miss(L1, addr, size))
      count_L1_miss(addr, size, L1_misses, LL_misses);
}

/* One access to L1 (I1 or D1) and, on a miss, to the LL.  Most calls of a
 * slow path are hits in a way other than the most recently used (two hot
 * lines of one set, taking turns), settled by the lookup here.  An access
 * across two lines that hits in both is settled here too: a hit only
 * reorders its set and counts nothing, so the lines are looked up in
 * order.  On a miss the lines looked up so far are the most recently used
 * of their sets, the missing one is unchanged, and the whole simulation
 * that follows finds the same hits again (changing nothing) before the
 * miss: the result is the same as if it had done all the work. */
static inline void simulate(const cache_sim_t* L1, Addr addr, UWord size,
                            ULong* L1_misses, ULong* LL_misses,
                            data_entry_t* entry)
{
   Addr first = cg_sim_line_of(L1, addr);
   Addr last = cg_sim_line_of(L1, addr + size - 1);
   if (LIKELY(first == last)) {
      UWord* set = cg_sim_set_of(L1, first);
      if (!cg_sim_promote(L1, set, first)) {
         if (entry != NULL)
            cg_entry_prefetch(entry, addr);
         missed_in_one_line(L1, set, first, addr, size, L1_misses,
                            LL_misses);
      }
      return;
   }
   if (cg_sim_promote(L1, cg_sim_set_of(L1, first), first)
       && cg_sim_promote(L1, cg_sim_set_of(L1, last), last))
      return;
   simulate_two_lines(L1, addr, size, L1_misses, LL_misses);
}

/* A data access; ENTRY, if not NULL, is the entry point's that it came
 * through (see cg_entry_prefetch()). */
static inline void simulate_read(line_cost_t* cost, Addr addr, UWord size,
                                 data_entry_t* entry)
{
   simulate(&D1_cache, addr, size, &cost->D1mr, &cost->DLmr, entry);
}

static inline void simulate_write(line_cost_t* cost, Addr addr, UWord size,
                                  data_entry_t* entry)
{
   simulate(&D1_cache, addr, size, &cost->D1mw, &cost->DLmw, entry);
}

VG_REGPARM(1) void cg_run_group(event_group_t* group)
{
   (*group->runs)++;
}

VG_REGPARM(2) void cg_run_group_fetch(event_group_t* group,
                                      const fetch_site_t* site)
{
   (*group->runs)++;
   cg_fetch_slow(site);
}

VG_REGPARM(2) void cg_run_group_fetch_line(event_group_t* group,
                                           const fetch_line_site_t* site)
{
   (*group->runs)++;
   cg_fetch_line_slow(site);
}

VG_REGPARM(1) void cg_fetch_slow(const fetch_site_t* site)
{
   simulate(&I1_cache, site->addr, site->size, &site->cost->I1mr,
            &site->cost->ILmr, NULL);
}

/* The line and set were worked out when the fetch was instrumented; an
 * LL access of one byte at the line's address looks up the LL line that
 * holds the whole fetch, as the access itself would. */
VG_REGPARM(1) void cg_fetch_line_slow(const fetch_line_site_t* site)
{
   if (!cg_sim_promote(&I1_cache, site->set, site->line))
      missed_in_one_line(&I1_cache, site->set, site->line, site->line,
                         1, &site->cost->I1mr, &site->cost->ILmr);
}

/* The lines are looked up in order, as simulate() does.  On a miss, the
 * whole simulation of an access of one byte more than a line, at the first
 * line's address, touches the same two I1 lines as the fetch and, the LL's
 * lines being no smaller, the same LL lines. */
VG_REGPARM(1) void cg_fetch_two_lines_slow(const fetch_two_lines_site_t* site)
{
   UWord line_size = (UWord)1 << I1_cache.line_bits;
   if (cg_sim_promote(&I1_cache, site->first_set, site->line)
       && cg_sim_promote(&I1_cache, site->last_set, site->line + line_size))
      return;
   simulate_two_lines(&I1_cache, site->line, line_size + 1, &site->cost->I1mr,
                      &site->cost->ILmr);
}

VG_REGPARM(3) void cg_read_slow(line_cost_t* cost, Addr addr, UWord size)
{
   simulate_read(cost, addr, size, NULL);
}

VG_REGPARM(3) void cg_write_slow(line_cost_t* cost, Addr addr, UWord size)
{
   simulate_write(cost, addr, size, NULL);
}

VG_REGPARM(2) void cg_run_slow(Addr base, const data_run_t* run)
{
   UInt i;
   for (i = 0; i < run->count; i++) {
      const run_access_t* a = &run->access[i];
      Addr addr = base + (Addr)(Word)a->offset;
      if (a->write)
         simulate_write(a->cost, addr, a->size, NULL);
      else
         simulate_read(a->cost, addr, a->size, NULL);
   }
}

VG_REGPARM(2) void cg_read_entry(Addr addr, UWord index)
{
   data_entry_t* entry = &cg_read_entries[index];
   simulate_read(entry->cost, addr, entry->size, entry);
}

VG_REGPARM(2) void cg_write_entry(Addr addr, UWord index)
{
   data_entry_t* entry = &cg_write_entries[index];
   simulate_write(entry->cost, addr, entry->size, entry);
}

/* ---- the same slow paths, rows searched with vector instructions ----
 *
 * Their forms for AVX-512 and for AVX2 are made from one text,
 * cg_events_vector.h, included once for each instruction set.  Against
 * the scalar forms (paired medians of interleaved runs), AVX-512: sqlite3
 * -18 %, xz -15 %, python3 -1.5 % (its slow paths mostly find the line in
 * the second way, a branch the scalar search predicts well); AVX2, on a
 * host without AVX-512: sqlite3 -14 %.
 *
 * The AVX2 form's data slow paths look at the second way before they
 * search (CG_VECTOR_SECOND_WAY_FIRST): on a Zen 3 host, medians of 9 to
 * 21 paired ratios, branchy 0.97, python3 0.96, sqlite3 0.97, xz 0.97.
 * Its one-line fetch slow path does too, a trade: python3 0.94 and 1.01
 * (two measurements of 15 and 11 paired ratios; 88 M of its 126 M fetch
 * slow paths find the line in the second way), sqlite3 1.01 and 1.03
 * (fewer than a third of its fetch slow paths do); python3 is the nearer
 * to half the installed tool's time.  So do the lookups of accesses and
 * fetches across two lines: python3 0.98, sqlite3 0.98 (15 and 13 paired
 * ratios).  The same look in the AVX-512 form, whose search is one
 * comparison and one blend, sped python3 up by 2 to 7 % and branchy by
 * 3 % on a Zen 4 host but slowed xz by 2.5 to 5 % and sqlite3 by up to
 * 1.8 %. */
#if defined(VGA_amd64)

#define CG_STRING(x) #x
#define CG_STRING_OF(x) CG_STRING(x)

#define CG_VECTOR_TARGET CG_SIM_AVX512
#define CG_VECTOR(name) name##_avx512
#define CG_VECTOR_SECOND_WAY_FIRST 0
#include "cg_events_vector.h"
#undef CG_VECTOR_TARGET
#undef CG_VECTOR
#undef CG_VECTOR_SECOND_WAY_FIRST

#define CG_VECTOR_TARGET CG_SIM_AVX2
#define CG_VECTOR(name) name##_avx2
#define CG_VECTOR_SECOND_WAY_FIRST 1
#include "cg_events_vector.h"
#undef CG_VECTOR_TARGET
#undef CG_VECTOR
#undef CG_VECTOR_SECOND_WAY_FIRST

#endif

VG_REGPARM(3) void cg_branch_cond(line_cost_t* cost, Addr instr_addr,
                                  UWord guard, UChar* guest_state)
{
   cost->Bcm += cg_branch_cond_mispredicted(guest_state, instr_addr, guard);
}

VG_REGPARM(3) void cg_branch_cond_inverted(line_cost_t* cost, Addr instr_addr,
                                           UWord guard, UChar* guest_state)
{
   cost->Bcm += cg_branch_cond_mispredicted(guest_state, instr_addr,
                                            guard ^ 1);
}

VG_REGPARM(3) void cg_branch_ind(line_cost_t* cost, Addr instr_addr,
                                 Addr target)
{
   cost->Bim += cg_branch_ind_mispredicted(instr_addr, target);
}

VG_REGPARM(3) void cg_guarded_read(line_cost_t* cost, Addr addr, UWord size)
{
   cost->Dr++;
   simulate_read(cost, addr, size, NULL);
}

VG_REGPARM(3) void cg_guarded_write(line_cost_t* cost, Addr addr, UWord size)
{
   cost->Dw++;
   simulate_write(cost, addr, size, NULL);
}
