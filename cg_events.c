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
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "cg_branchpred.h"
#include "cg_events.h"
#include "cg_sim.h"

static cache_sim_t I1_cache, D1_cache, LL_cache;

/* Room for the tags of I1 and D1, which the instrumented code tests
 * inline.  Static data lies in the tool's image, below 2 GB, so the tag
 * array's address fits in an instruction's 32-bit displacement and each
 * inline test is two instructions shorter than with a heap address.
 * 256 kB holds the tags of a cache of up to 2 MB with 64-byte lines; the
 * pages a smaller cache does not use are never touched. */
static UWord I1_room[32768], D1_room[32768];

void cg_events_init(const cache_t* I1, const cache_t* D1, const cache_t* LL)
{
   cg_sim_init(&I1_cache, I1, I1_room, sizeof I1_room);
   cg_sim_init(&D1_cache, D1, D1_room, sizeof D1_room);
   cg_sim_init(&LL_cache, LL, NULL, 0);
}

const cache_sim_t* cg_events_I1(void) { return &I1_cache; }
const cache_sim_t* cg_events_D1(void) { return &D1_cache; }

void cg_events_fold_counts(event_group_t* group)
{
   UInt i;
   ULong runs = group->executions;
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
   group->executions = 0;
}

/* The whole simulation of an access to L1 (I1 or D1) and, on a miss, to
 * the LL: the path for misses and for accesses across two lines.  Kept
 * out of line so that the helpers below, which settle the common hits
 * themselves (see hit_in_cache()), stay small leaf functions. */
static __attribute__((noinline))
void simulate_whole(const cache_sim_t* L1, Addr addr, UWord size,
                    ULong* L1_misses, ULong* LL_misses)
{
   if (cg_sim_access_is_miss(L1, addr, size)) {
      (*L1_misses)++;
      if (cg_sim_access_is_miss(&LL_cache, addr, size))
         (*LL_misses)++;
   }
}

/* Most calls of a slow path are hits in a way other than the most
 * recently used (two hot lines of one set, taking turns), or, for an
 * access across two lines, hits in both.  A hit only reorders its set and
 * counts nothing, so the lines are looked up here first, in order.  On a
 * miss the lines looked up so far are the most recently used of their
 * sets, the missing one is unchanged, and the whole simulation that
 * follows finds the same hits again (changing nothing) before the miss:
 * the result is the same as if it had done all the work. */
static inline Bool hit_in_cache(const cache_sim_t* cache, Addr addr, UWord size)
{
   Addr first = cg_sim_line_of(cache, addr);
   Addr last = cg_sim_line_of(cache, addr + size - 1);
   if (!cg_sim_promote(cg_sim_set_of(cache, first), cache->assoc, first))
      return False;
   return first == last
          || cg_sim_promote(cg_sim_set_of(cache, last), cache->assoc, last);
}

static inline void simulate(const cache_sim_t* L1, Addr addr, UWord size,
                            ULong* L1_misses, ULong* LL_misses)
{
   if (!hit_in_cache(L1, addr, size))
      simulate_whole(L1, addr, size, L1_misses, LL_misses);
}

static inline void simulate_read(line_cost_t* cost, Addr addr, UWord size)
{
   simulate(&D1_cache, addr, size, &cost->D1mr, &cost->DLmr);
}

static inline void simulate_write(line_cost_t* cost, Addr addr, UWord size)
{
   simulate(&D1_cache, addr, size, &cost->D1mw, &cost->DLmw);
}

VG_REGPARM(1) void cg_run_group(event_group_t* group)
{
   group->executions++;
}

VG_REGPARM(2) void cg_run_group_fetch(event_group_t* group,
                                      const fetch_site_t* site)
{
   group->executions++;
   cg_fetch_slow(site);
}

VG_REGPARM(1) void cg_fetch_slow(const fetch_site_t* site)
{
   simulate(&I1_cache, site->addr, site->size, &site->cost->I1mr,
            &site->cost->ILmr);
}

VG_REGPARM(3) void cg_read_slow(line_cost_t* cost, Addr addr, UWord size)
{
   simulate_read(cost, addr, size);
}

VG_REGPARM(3) void cg_write_slow(line_cost_t* cost, Addr addr, UWord size)
{
   simulate_write(cost, addr, size);
}

#define DEFINE_SIZED(size)                                                \
   VG_REGPARM(2) void cg_read##size##_slow(line_cost_t* cost, Addr addr)  \
   {                                                                      \
      simulate_read(cost, addr, size);                                    \
   }                                                                      \
   VG_REGPARM(2) void cg_write##size##_slow(line_cost_t* cost, Addr addr) \
   {                                                                      \
      simulate_write(cost, addr, size);                                   \
   }
CG_SIZED_HELPERS(DEFINE_SIZED)

VG_REGPARM(3) void cg_branch_cond(line_cost_t* cost, Addr instr_addr,
                                  UWord guard)
{
   cost->Bcm += cg_branch_cond_mispredicted(instr_addr, guard);
}

VG_REGPARM(3) void cg_branch_cond_inverted(line_cost_t* cost, Addr instr_addr,
                                           UWord guard)
{
   cost->Bcm += cg_branch_cond_mispredicted(instr_addr, guard ^ 1);
}

VG_REGPARM(3) void cg_branch_ind(line_cost_t* cost, Addr instr_addr,
                                 Addr target)
{
   cost->Bim += cg_branch_ind_mispredicted(instr_addr, target);
}

VG_REGPARM(3) void cg_guarded_read(line_cost_t* cost, Addr addr, UWord size)
{
   cost->Dr++;
   simulate_read(cost, addr, size);
}

VG_REGPARM(3) void cg_guarded_write(line_cost_t* cost, Addr addr, UWord size)
{
   cost->Dw++;
   simulate_write(cost, addr, size);
}
