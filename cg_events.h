/* cg_events.h: what instrumented code asks the simulators to do.
 *
 * The instrumenter (cg_instrument.c) cuts each superblock into groups of
 * events that always run together (see there for where a group ends).
 * Counting and simulating are split:
 *
 *  - Counting.  A group runs as a whole or not at all, so every reference
 *    and branch in it happened exactly as often as the group ran.  Each
 *    run adds one to the group's run counter (see cg_runs.c), and the
 *    counts are added to the cost centres later (cg_events_fold_counts).
 *    The add is inline IR where that is exact (see cg_load_crossings.c),
 *    else a call of cg_run_group(), or of cg_run_group_fetch() or
 *    cg_run_group_fetch_line(), which also simulate the group's first
 *    fetch.
 *    Instructions cost no call of their own.
 *
 *  - Simulating.  A fetch or data access that hits the most recently used
 *    way of its set, within one line, changes no cache state and misses
 *    nothing, so the instrumented code tests for that inline and calls a
 *    slow path below (a data access's through its entry point, see
 *    cg_entries.h) only otherwise; a fetch in the line the previous
 *    instruction of its block fetched is known to hit and is not even
 *    tested; nor is every access of a run of data accesses through one
 *    base address, whose lines are tested together (see cg_instrument.c).
 *    The helpers run in program order, so the LL sees I1 and D1 misses
 *    interleaved as they happen.  Every branch updates the
 *    predictors, by a helper call or, where that is exact, by inline IR
 *    (see cg_instrument.c).
 *
 * Accesses that happen only when a guard holds are the exception: they are
 * counted and simulated by cg_guarded_read() and cg_guarded_write() when
 * they happen.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_EVENTS_H
#define CG_EVENTS_H

#include "pub_tool_basics.h"
#include "cg_arch.h"
#include "cg_costs.h"
#include "cg_sim.h"

typedef enum {
   EV_FETCH,      /* instruction fetch */
   EV_DR,         /* data read, or a read-modify-write: counted as a read */
   EV_DW,         /* data write */
   EV_BC,         /* conditional branch */
   EV_BC_INVERTED,/* conditional branch whose guard means "not taken" */
   EV_BI          /* indirect branch */
} event_kind_t;

/* What each run of a group adds to one cost centre: the group's events of
 * that line, by kind.  Events of one line are usually neighbours, so a
 * group holds few of these. */
typedef struct {
   line_cost_t* cost;
   UChar fetches, reads, writes, cond_branches, ind_branches;
} counted_t;

typedef struct event_group {
   ULong* runs;                /* runs not yet added to the cost centres */
   struct event_group* next;   /* the other groups of its superblock */
   UInt counted_count;
   counted_t counted[];        /* what each run adds */
} event_group_t;

/* Sets up the simulators.  With a vector SEARCH (which the host must run,
 * see cg_sim_best_vector_search()), the slow paths of I1 and D1 search
 * their rows with its instructions where the cache's geometry allows it
 * (see cg_sim_row8_ok()). */
void cg_events_init(const cache_t* I1, const cache_t* D1, const cache_t* LL,
                    vector_search_t search);

/* Which forms of the data slow paths below the data entry points are to
 * lead to (see cg_entries.h): the scalar ones, _avx2 or _avx512. */
vector_search_t cg_events_data_search(void);

/* The caches, for the inline most-recently-used test. */
const cache_sim_t* cg_events_I1(void);
const cache_sim_t* cg_events_D1(void);

/* Adds GROUP's runs so far to its counters. */
void cg_events_fold_counts(event_group_t* group);

/* The helpers get what they need as arguments: the run-time addresses and
 * outcomes, and constants of the translation.  Where those constants
 * would take more than one argument they are kept in the superblock's
 * record and passed by address (fetch sites, runs of data accesses, event
 * groups) or by an entry index (cg_entries.h). */

/* A fetch that is simulated at run time: the instruction's address and
 * length, and the line its misses are charged to.  Every argument of a
 * conditional call costs two instructions on the fast path too, so the
 * fetch helpers take the address of this, kept in the superblock's
 * record, rather than its three fields. */
typedef struct {
   line_cost_t* cost;
   Addr addr;
   UWord size;
} fetch_site_t;

/* A simulated fetch that lies in one I1 line, where the LL's lines are no
 * smaller than I1's (cg_events_fetch_line_ok()): the line's address and
 * its I1 set are known when the instruction is instrumented, and the
 * whole access lies in the LL line holding the I1 line, so nothing else
 * is needed. */
typedef struct {
   line_cost_t* cost;
   Addr line;
   UWord* set;
} fetch_line_site_t;

/* A simulated fetch across two I1 lines, LINE and the next, on the same
 * condition: both sets are known when the instruction is instrumented,
 * and the access lies in the LL lines holding the two I1 lines. */
typedef struct {
   line_cost_t* cost;
   Addr line;
   UWord* first_set;
   UWord* last_set;
} fetch_two_lines_site_t;

/* Whether a fetch may be simulated from its I1 line or lines. */
Bool cg_events_fetch_line_ok(void);

/* Counts one run of GROUP.  The other forms also simulate the group's
 * first event, the fetch SITE. */
VG_REGPARM(1) void cg_run_group(event_group_t* group);
VG_REGPARM(2) void cg_run_group_fetch(event_group_t* group,
                                      const fetch_site_t* site);
VG_REGPARM(2) void cg_run_group_fetch_line(event_group_t* group,
                                           const fetch_line_site_t* site);

/* The slow paths of the simulation: a fetch, or a read or write of SIZE
 * bytes at ADDR, that did not hit the most recently used way in one line.
 * They count misses only. */
VG_REGPARM(1) void cg_fetch_slow(const fetch_site_t* site);
VG_REGPARM(1) void cg_fetch_line_slow(const fetch_line_site_t* site);
VG_REGPARM(1) void cg_fetch_two_lines_slow(const fetch_two_lines_site_t* site);
VG_REGPARM(3) void cg_read_slow(line_cost_t* cost, Addr addr, UWord size);
VG_REGPARM(3) void cg_write_slow(line_cost_t* cost, Addr addr, UWord size);

/* The same for a read or write whose cost centre and size are those of
 * entry INDEX of cg_read_entries[] or cg_write_entries[], reached through
 * its entry point (see cg_entries.h), which passes INDEX. */
VG_REGPARM(2) void cg_read_entry(Addr addr, UWord index);
VG_REGPARM(2) void cg_write_entry(Addr addr, UWord index);

/* The same data slow paths, with the rows searched by AVX-512 or AVX2
 * instructions, for the entry points when cg_events_data_search() says
 * so. */
#if defined(VGA_amd64)
VG_REGPARM(2) void cg_read_entry_avx512(Addr addr, UWord index);
VG_REGPARM(2) void cg_write_entry_avx512(Addr addr, UWord index);
VG_REGPARM(2) void cg_read_entry_avx2(Addr addr, UWord index);
VG_REGPARM(2) void cg_write_entry_avx2(Addr addr, UWord index);
#endif

/* A run of data accesses through one base address (see "runs of accesses
 * through one base" in cg_instrument.c), in program order: each access's
 * offset from the run's first byte, whose address the instrumented code
 * passes as BASE, its size, whether it writes, and the line its misses
 * are charged to.  Kept in the superblock's record. */
typedef struct {
   line_cost_t* cost;
   Int offset;
   UShort size;
   Bool write;
} run_access_t;

typedef struct {
   UInt count;
   run_access_t access[];
} data_run_t;

/* Simulates the accesses of RUN in order, at BASE plus their offsets: the
 * slow path of a run whose two lines were not both the most recently used
 * of their sets. */
VG_REGPARM(2) void cg_run_slow(Addr base, const data_run_t* run);
#if defined(VGA_amd64)
VG_REGPARM(2) void cg_run_slow_avx512(Addr base, const data_run_t* run);
VG_REGPARM(2) void cg_run_slow_avx2(Addr base, const data_run_t* run);
#endif

/* A helper as the instrumenter calls it. */
typedef struct {
   const HChar* name;
   void* address;
} helper_t;

/* The helpers of the fetches simulated from their lines: those above
 * (cg_run_group_fetch_line, cg_fetch_line_slow, cg_fetch_two_lines_slow),
 * or, where the host and I1's geometry allow it, their forms that search
 * the rows with AVX-512 or AVX2 instructions. */
typedef struct {
   helper_t run_group_fetch_line;
   helper_t fetch_line;
   helper_t fetch_two_lines;
} fetch_line_helpers_t;

const fetch_line_helpers_t* cg_events_fetch_line_helpers(void);

/* Whether ADDRESS is a fetch helper's: one of those above, in the form
 * the instrumenter calls, cg_fetch_slow or cg_run_group_fetch. */
Bool cg_events_is_fetch_helper(Addr address);

/* The slow path of runs (cg_run_slow), in the form that searches the
 * rows as the data slow paths do (see cg_events_data_search()). */
const helper_t* cg_events_run_slow_helper(void);

/* A conditional branch at INSTR_ADDR whose guard was GUARD (0 or 1): taken
 * when the guard holds, or, for the inverted form, when it does not.  And
 * an indirect branch to TARGET.  They count mispredictions.  GUEST_STATE
 * is the running thread's, which holds the conditional predictor's history
 * (see cg_branchpred.c). */
VG_REGPARM(3) void cg_branch_cond(line_cost_t* cost, Addr instr_addr,
                                  UWord guard, UChar* guest_state);
VG_REGPARM(3) void cg_branch_cond_inverted(line_cost_t* cost, Addr instr_addr,
                                           UWord guard, UChar* guest_state);
VG_REGPARM(3) void cg_branch_ind(line_cost_t* cost, Addr instr_addr,
                                 Addr target);

/* A guarded read or write that happened: counted and simulated. */
VG_REGPARM(3) void cg_guarded_read(line_cost_t* cost, Addr addr, UWord size);
VG_REGPARM(3) void cg_guarded_write(line_cost_t* cost, Addr addr, UWord size);

#endif
