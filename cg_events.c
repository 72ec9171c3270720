/* cg_events.c: the run-time side of the tool.  Instrumented code calls
 * these helpers, which feed each event to the cache and branch simulators
 * and charge the outcome to the event's line cost centre.
 *
 * How an event is counted:
 *  - a fetch adds one to Ir (counted per group, see cg_events.h);
 *  - a data access adds one to its reference counter; either kind, if it
 *    misses the L1 cache (I1 for fetches, D1 for data) the L1 miss counter
 *    goes up and the LL is consulted with the same address and size, and
 *    an LL miss adds to the LL miss counter;
 *  - a read-modify-write is one read;
 *  - a branch adds one to its counter, and one to its mispredict counter
 *    when the predictor guessed wrong.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "cg_branchpred.h"
#include "cg_events.h"
#include "cg_sim.h"

UWord cg_event_values[CG_MAX_GROUP_EVENTS];

static cache_sim_t I1_cache, D1_cache, LL_cache;

void cg_events_init(const cache_t* I1, const cache_t* D1, const cache_t* LL)
{
   cg_sim_init(&I1_cache, I1);
   cg_sim_init(&D1_cache, D1);
   cg_sim_init(&LL_cache, LL);
}

static inline void fetch(const event_t* ev)
{
   line_cost_t* cost = ev->cost;
   if (cg_sim_access_is_miss(&I1_cache, ev->instr_addr, ev->size)) {
      cost->I1mr++;
      if (cg_sim_access_is_miss(&LL_cache, ev->instr_addr, ev->size))
         cost->ILmr++;
   }
}

static inline void read(const event_t* ev, Addr addr)
{
   line_cost_t* cost = ev->cost;
   cost->Dr++;
   if (cg_sim_access_is_miss(&D1_cache, addr, ev->size)) {
      cost->D1mr++;
      if (cg_sim_access_is_miss(&LL_cache, addr, ev->size))
         cost->DLmr++;
   }
}

static inline void write(const event_t* ev, Addr addr)
{
   line_cost_t* cost = ev->cost;
   cost->Dw++;
   if (cg_sim_access_is_miss(&D1_cache, addr, ev->size)) {
      cost->D1mw++;
      if (cg_sim_access_is_miss(&LL_cache, addr, ev->size))
         cost->DLmw++;
   }
}

static inline void run_event(const event_t* ev, UWord value)
{
   switch (ev->kind) {
   case EV_FETCH:
      fetch(ev);
      break;
   case EV_DR:
      read(ev, value);
      break;
   case EV_DW:
      write(ev, value);
      break;
   case EV_BC:
      ev->cost->Bc++;
      ev->cost->Bcm += cg_branch_cond_mispredicted(ev->instr_addr, value);
      break;
   case EV_BC_INVERTED:
      ev->cost->Bc++;
      ev->cost->Bcm += cg_branch_cond_mispredicted(ev->instr_addr, value ^ 1);
      break;
   case EV_BI:
      ev->cost->Bi++;
      ev->cost->Bim += cg_branch_ind_mispredicted(ev->instr_addr, value);
      break;
   }
}

void cg_events_fold_fetches(event_group_t* group)
{
   UInt i;
   for (i = 0; i < group->fetch_count; i++)
      group->fetch_costs[i]->Ir += group->executions;
   group->executions = 0;
}

VG_REGPARM(1) void cg_run_events(event_group_t* group)
{
   UInt i;
   group->executions++;
   for (i = 0; i < group->event_count; i++) {
      const event_t* ev = &group->events[i];
      run_event(ev, cg_event_values[ev->value_slot]);
   }
}

VG_REGPARM(2) void cg_run_event(const event_t* event, UWord value)
{
   run_event(event, value);
}
