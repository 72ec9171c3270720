/* cg_branchpred.c: conditional and indirect branch predictors (the model
 * is described in cg_branchpred.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "cg_branchpred.h"
#include "cg_slots.h"

#define COND_ADDR_BITS    7
#define COND_HISTORY_BITS 7
#define COND_TABLE_SIZE   (1 << (COND_ADDR_BITS + COND_HISTORY_BITS))
#define IND_TABLE_SIZE    512

/* Both tables and the history start at zero, as static storage does. */
static UChar cond_counters[COND_TABLE_SIZE];
static Addr  last_targets[IND_TABLE_SIZE];

/* The layout of the counters and the history serves the inline update
 * (cg_instrument.c), which repeats these steps in 13 host instructions
 * per branch.  Which counter a (history, address) pair selects is up to
 * the tool, as long as no two pairs share one: all start alike, so any
 * such layout predicts the same.  Here the history is the
 * low half of the index, so that it is kept in range with a mask of one
 * byte (the short form of the instruction).  A counter is stored times 16
 * and the two transitions from each value lie side by side, 8 bytes
 * apart: the stored byte plus the outcome times 8 is the transition's
 * offset, one addressing mode of the host and no shift.  The outcome
 * enters the history unshifted, and the exit that the branch takes tests
 * it too.
 *
 * While a thread runs client code, the history lives in its guest state,
 * in a slot of cg_slots.h, where the inline update reaches it with one
 * short instruction (sqlite3 with --cache-sim=no --branch-sim=yes 3.6 %
 * faster, python3 with --branch-sim=yes 3.3 %).  Here, the history waits
 * while no client code runs: it moves into a thread's guest state when
 * the thread starts running client code and back when it stops, so the
 * threads take turns on one history, as the program's branches do.
 * Nothing else rolls it back: a signal frame saves the shadow area and
 * the return from the handler restores it, but that return is a system
 * call, so the history has moved out before the restore and moves in
 * again after it. */
#define HISTORY_MASK ((1 << COND_HISTORY_BITS) - 1)
static UWord history;

/* A two-bit saturating counter and the outcome give the counter's next
 * value (the low byte, times 16 as stored: up if taken and below 3, down
 * if not taken and above 0) and whether it predicted wrong (the next
 * byte; counters of 2 and 3 predict taken).  Entries by counter, then by
 * outcome.  A table, so that the instrumented code can do the same with
 * a load. */
#define WRONG 0x100
#define STORED(counter) ((counter) * 16)
static const ULong cond_transitions[8] = {
   /* counter 0, not taken and taken */ STORED(0), STORED(1) | WRONG,
   /* counter 1 */                      STORED(0), STORED(2) | WRONG,
   /* counter 2 */                      STORED(1) | WRONG, STORED(3),
   /* counter 3 */                      STORED(2) | WRONG, STORED(3),
};

UWord cg_branch_cond_mispredicted(UChar* guest_state, Addr instr_addr,
                                  UWord taken)
{
   UWord* slot =
      (UWord*)(guest_state + CG_SLOT_OFFSET(CG_SLOT_BRANCH_HISTORY));
   UWord index = ((instr_addr & ((1 << COND_ADDR_BITS) - 1))
                  << COND_HISTORY_BITS) | *slot;
   ULong transition = cond_transitions[cond_counters[index] / 8 + taken];

   /* The history takes the outcome before the counter learns it. */
   *slot = ((*slot << 1) | taken) & HISTORY_MASK;
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

void cg_branchpred_thread_starts(ThreadId tid)
{
   cg_slot_write(tid, CG_SLOT_BRANCH_HISTORY, history);
}

void cg_branchpred_thread_stops(ThreadId tid)
{
   history = cg_slot_read(tid, CG_SLOT_BRANCH_HISTORY);
}

const cg_branchpred_state_t* cg_branchpred_state(void)
{
   static const cg_branchpred_state_t state = {
      cond_counters, cond_transitions, last_targets,
      COND_ADDR_BITS, COND_HISTORY_BITS, IND_TABLE_SIZE};
   return &state;
}
