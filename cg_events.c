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

void cg_events_init(const cache_t* I1, const cache_t* D1, const cache_t* LL)
{
   cg_sim_init(&I1_cache, I1);
   cg_sim_init(&D1_cache, D1);
   cg_sim_init(&LL_cache, LL);
}

const cache_sim_t* cg_events_I1(void) { return &I1_cache; }
const cache_sim_t* cg_events_D1(void) { return &D1_cache; }

void cg_events_fold_counts(event_group_t* group)
{
   UInt i;
   for (i = 0; i < group->counted_count; i++) {
      const counted_t* c = &group->counted[i];
      *(ULong*)((HChar*)c->cost + c->counter_offset) += group->executions;
   }
   group->executions = 0;
}

VG_REGPARM(1) void cg_run_group(event_group_t* group)
{
   UInt i;
   group->executions++;
   for (i = 0; i < group->leading_fetch_count; i++)
      cg_fetch_slow(&group->leading_fetches[i]);
}

VG_REGPARM(1) void cg_fetch_slow(const event_t* ev)
{
   if (cg_sim_access_is_miss(&I1_cache, ev->instr_addr, ev->size)) {
      ev->cost->I1mr++;
      if (cg_sim_access_is_miss(&LL_cache, ev->instr_addr, ev->size))
         ev->cost->ILmr++;
   }
}

VG_REGPARM(2) void cg_read_slow(const event_t* ev, Addr addr)
{
   if (cg_sim_access_is_miss(&D1_cache, addr, ev->size)) {
      ev->cost->D1mr++;
      if (cg_sim_access_is_miss(&LL_cache, addr, ev->size))
         ev->cost->DLmr++;
   }
}

VG_REGPARM(2) void cg_write_slow(const event_t* ev, Addr addr)
{
   if (cg_sim_access_is_miss(&D1_cache, addr, ev->size)) {
      ev->cost->D1mw++;
      if (cg_sim_access_is_miss(&LL_cache, addr, ev->size))
         ev->cost->DLmw++;
   }
}

VG_REGPARM(2) void cg_branch_cond(const event_t* ev, UWord taken)
{
   if (ev->kind == EV_BC_INVERTED)
      taken ^= 1;
   ev->cost->Bcm += cg_branch_cond_mispredicted(ev->instr_addr, taken);
}

VG_REGPARM(2) void cg_branch_ind(const event_t* ev, Addr target)
{
   ev->cost->Bim += cg_branch_ind_mispredicted(ev->instr_addr, target);
}

VG_REGPARM(2) void cg_guarded_access(const event_t* ev, Addr addr)
{
   if (ev->kind == EV_DR) {
      ev->cost->Dr++;
      cg_read_slow(ev, addr);
   } else {
      ev->cost->Dw++;
      cg_write_slow(ev, addr);
   }
}
