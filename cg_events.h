/* cg_events.h: what instrumented code asks the simulators to do.
 *
 * The instrumenter (cg_instrument.c) cuts each superblock into groups of
 * events that always run together (see there for where a group ends).
 * Counting and simulating are split:
 *
 *  - Counting.  A group runs as a whole or not at all, so every reference
 *    and branch in it happened exactly as often as the group ran.  One
 *    call per run, cg_run_group(), adds one to the group's `executions`;
 *    the counts are added to the cost centres later
 *    (cg_events_fold_counts).  The same call simulates the fetches the
 *    group starts with.
 *
 *  - Simulating.  A fetch or data access that hits the most recently used
 *    way of its set, within one line, changes no cache state and misses
 *    nothing, so the instrumented code tests for that inline and calls the
 *    *_slow helpers below only otherwise.  The helpers run in program
 *    order, so the LL sees I1 and D1 misses interleaved as they happen.
 *    Branches always call their helper: every one updates the predictors.
 *
 * Accesses that happen only when a guard holds are the exception: they are
 * counted and simulated by cg_guarded_access() when they happen.
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

/* One event as its helper sees it. */
typedef struct {
   UChar kind;         /* an event_kind_t */
   UChar size;         /* bytes fetched or accessed */
   Addr instr_addr;    /* the instruction the event belongs to */
   line_cost_t* cost;  /* and its cost centre */
} event_t;

/* A counter of a cost centre that goes up by one each time a group runs. */
typedef struct {
   line_cost_t* cost;
   UShort counter_offset; /* byte offset of the counter in line_cost_t */
} counted_t;

typedef struct event_group {
   ULong executions;           /* runs not yet added to the cost centres */
   struct event_group* next;   /* the other groups of its superblock */
   UInt leading_fetch_count;   /* fetches simulated by cg_run_group() */
   event_t* leading_fetches;
   UInt counted_count;
   counted_t counted[];        /* what each run adds one to */
} event_group_t;

/* Sets up the simulators. */
void cg_events_init(const cache_t* I1, const cache_t* D1, const cache_t* LL);

/* The caches, for the inline most-recently-used test. */
const cache_sim_t* cg_events_I1(void);
const cache_sim_t* cg_events_D1(void);

/* Adds GROUP's runs so far to its counters. */
void cg_events_fold_counts(event_group_t* group);

/* Counts one run of GROUP and simulates the fetches it starts with. */
VG_REGPARM(1) void cg_run_group(event_group_t* group);

/* The slow paths of the simulation: a fetch, read or write that did not
 * hit the most recently used way in one line.  They count misses only. */
VG_REGPARM(1) void cg_fetch_slow(const event_t* event);
VG_REGPARM(2) void cg_read_slow(const event_t* event, Addr addr);
VG_REGPARM(2) void cg_write_slow(const event_t* event, Addr addr);

/* A conditional branch that went TAKEN (0 or 1, inverted for
 * EV_BC_INVERTED), and an indirect branch to TARGET: mispredictions. */
VG_REGPARM(2) void cg_branch_cond(const event_t* event, UWord taken);
VG_REGPARM(2) void cg_branch_ind(const event_t* event, Addr target);

/* A guarded read or write that happened: counted and simulated. */
VG_REGPARM(2) void cg_guarded_access(const event_t* event, Addr addr);

#endif
