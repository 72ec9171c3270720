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

/* A two-bit saturating counter and the outcome, (counter << 1) | taken,
 * give the counter's next value (the low byte: up if taken and below 3,
 * down if not taken and above 0) and whether it predicted wrong (the next
 * byte; counters of 2 and 3 predict taken).  A table, so that the
 * instrumented code can do the same with a load. */
#define WRONG 0x100
static const ULong cond_transitions[8] = {
   /* counter 0 */ 0, 1 | WRONG,
   /* counter 1 */ 0, 2 | WRONG,
   /* counter 2 */ 1 | WRONG, 3,
   /* counter 3 */ 2 | WRONG, 3,
};

UWord cg_branch_cond_mispredicted(Addr instr_addr, UWord taken)
{
   UWord history_part = global_history & ((1 << COND_HISTORY_BITS) - 1);
   UWord addr_part    = instr_addr & ((1 << COND_ADDR_BITS) - 1);
   UWord index        = (history_part << COND_ADDR_BITS) | addr_part;
   ULong transition   = cond_transitions[(cond_counters[index] << 1) | taken];

   /* The history takes the outcome before the counter learns it; the
    * history is never masked, only its low bits are ever read. */
   global_history = (global_history << 1) | taken;
   cond_counters[index] = (UChar)transition;
   return (UWord)(transition >> 8);
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
      cond_counters, &global_history, cond_transitions, last_targets,
      COND_ADDR_BITS, COND_HISTORY_BITS, IND_TABLE_SIZE};
   return &state;
}
