/* cg_branchpred.c: conditional and indirect branch predictors (the model
 * is described in cg_branchpred.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "cg_branchpred.h"

#define COND_ADDR_BITS    7
#define COND_HISTORY_BITS 7
#define COND_TABLE_SIZE   (1 << (COND_ADDR_BITS + COND_HISTORY_BITS))
#define IND_TABLE_SIZE    512

/* Both tables and the history start at zero, as static storage does. */
static UChar cond_counters[COND_TABLE_SIZE];
static UWord global_history;
static Addr  last_targets[IND_TABLE_SIZE];

UWord cg_branch_cond_mispredicted(Addr instr_addr, UWord taken)
{
   UWord history_part = global_history & ((1 << COND_HISTORY_BITS) - 1);
   UWord addr_part    = instr_addr & ((1 << COND_ADDR_BITS) - 1);
   UWord index        = (history_part << COND_ADDR_BITS) | addr_part;
   UChar counter      = cond_counters[index];
   UWord predicted    = counter >= 2;

   /* The history takes the outcome before the counter learns it; the
    * history is never masked, only its low bits are ever read. */
   global_history = (global_history << 1) | taken;
   if (taken) {
      if (counter < 3)
         cond_counters[index] = counter + 1;
   } else {
      if (counter > 0)
         cond_counters[index] = counter - 1;
   }
   return predicted != taken;
}

UWord cg_branch_ind_mispredicted(Addr instr_addr, Addr target)
{
   UWord index  = instr_addr & (IND_TABLE_SIZE - 1);
   Addr  stored = last_targets[index];
   last_targets[index] = target;
   return stored != target;
}

const cg_branchpred_state_t* cg_branchpred_state(void)
{
   static const cg_branchpred_state_t state = {
      cond_counters, &global_history, last_targets,
      COND_ADDR_BITS, COND_HISTORY_BITS, IND_TABLE_SIZE};
   return &state;
}
