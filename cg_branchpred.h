/* cg_branchpred.h: the branch predictors.
 *
 * Conditional branches: 16384 two-bit saturating counters, all starting at
 * 0 (strongly not taken), one for each pair of the last 7 outcomes of a
 * global history and the low 7 bits of the branch's instruction address.
 * A counter of 2 or 3 predicts taken.
 *
 * Indirect branches: a 512-entry table of last targets, all starting at 0,
 * indexed by the low 9 bits of the instruction address; a branch is
 * mispredicted when its target differs from the one stored.
 *
 * On x86 and amd64 instructions may start at any byte, so the address is
 * used unshifted.  Returns are not modelled (no return stack).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_BRANCHPRED_H
#define CG_BRANCHPRED_H

#include "pub_tool_basics.h"

/* A conditional branch at INSTR_ADDR went TAKEN (0 or 1) way, in the
 * thread running client code, whose guest state is at GUEST_STATE;
 * returns 1 if the predictor guessed wrong, else 0. */
UWord cg_branch_cond_mispredicted(UChar* guest_state, Addr instr_addr,
                                  UWord taken);

/* The history of outcomes is the whole program's, whichever thread ran
 * them, but while a thread runs client code it lives in that thread's
 * guest state (see cg_branchpred.c): the core's scheduler calls these
 * when thread TID starts and stops running client code. */
void cg_branchpred_thread_starts(ThreadId tid);
void cg_branchpred_thread_stops(ThreadId tid);

/* An indirect branch at INSTR_ADDR went to TARGET; returns 1 if the
 * predictor guessed wrong, else 0. */
UWord cg_branch_ind_mispredicted(Addr instr_addr, Addr target);

/* Where the predictors' state lives, for instrumented code that updates
 * it inline exactly as the two functions above do.  The history is in the
 * running thread's slot CG_SLOT_BRANCH_HISTORY (cg_slots.h): a word, its
 * last cond_history_bits outcomes, the latest lowest. */
typedef struct {
   UChar* cond_counters;   /* at (address bits << cond_history_bits) +
                            * history: the counter, times 16 */
   const ULong* cond_transitions; /* at byte counter byte + taken * 8:
                                   * the next counter byte, | 0x100 if it
                                   * predicted wrong */
   Addr* last_targets;
   Int cond_addr_bits;
   Int cond_history_bits;
   Int ind_table_size;
} cg_branchpred_state_t;

const cg_branchpred_state_t* cg_branchpred_state(void);

#endif
