/* cg_costs.h: per-line cost centres and everything made from them: the
 * debug-info key of each instruction, the profile file and the end-of-run
 * summary.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_COSTS_H
#define CG_COSTS_H

#include "pub_tool_basics.h"
#include "cg_arch.h"

/* The counters of one (file, function, line), in the order the profile
 * lists them.  Every counter is only ever incremented. */
typedef struct {
   ULong Ir, I1mr, ILmr;
   ULong Dr, D1mr, DLmr;
   ULong Dw, D1mw, DLmw;
   ULong Bc, Bcm, Bi, Bim;
} line_cost_t;

/* The cost centre that instructions at INSTR_ADDR are charged to, created
 * on first use.  Its key comes from the debug info as it is now: file
 * ("dir/file", or "???"), function ("???" if unknown) and line (0 if the
 * file is unknown).  Cost centres live until the end of the run, so counts
 * survive the discarding of translations. */
line_cost_t* cg_costs_for_instr(Addr instr_addr);

/* What the profile and the summary need to know about the run. */
typedef struct {
   Bool cache_sim;
   Bool branch_sim;
   cache_t I1, D1, LL;
   const HChar* out_file_format;  /* --cachegrind-out-file, unexpanded */
} run_description_t;

/* Writes the profile, then (at verbosity >= 1) the summary on stderr and,
 * with --stats=yes, the statistics.  Returns False if the profile could not
 * be written (having said why). */
Bool cg_costs_finish(const run_description_t* run);

/* Statistics for --stats=yes: the instructions instrumented, as Valgrind
 * 3.19's Cachegrind sorts them (whatever this tool does with their
 * fetches): "NoX" within one I1 line where I1 and LL lines are the same
 * size, "Gen" otherwise; counted with the caches simulated or not. */
void cg_costs_count_instr_kind(Bool one_line);

/* Number of per-superblock records alive, for --stats=yes. */
void cg_costs_set_live_superblocks(Int count);

#endif
