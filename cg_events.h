/* cg_events.h: what instrumented code asks the simulators to do.
 *
 * The instrumenter (cg_instrument.c) turns each superblock into groups of
 * events, and each group into one call of cg_run_events() placed where the
 * group must be counted.  A group's static part (kinds, sizes, instruction
 * addresses, cost centres) is built at instrumentation time; its run-time
 * values (data addresses, branch outcomes and targets) are stored by the
 * instrumented code into cg_event_values just before the call.  The events
 * of a group are simulated in order, so the simulators see every reference
 * in program order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_EVENTS_H
#define CG_EVENTS_H

#include "pub_tool_basics.h"
#include "cg_arch.h"
#include "cg_costs.h"

typedef enum {
   EV_FETCH,      /* instruction fetch through I1 (and LL on an I1 miss) */
   EV_DR,         /* data read, or a read-modify-write: counted as a read */
   EV_DW,         /* data write */
   EV_BC,         /* conditional branch; the value is the taken flag */
   EV_BC_INVERTED,/* conditional branch whose value is the not-taken flag */
   EV_BI          /* indirect branch; the value is the target */
} event_kind_t;

typedef struct {
   UChar kind;         /* an event_kind_t */
   UChar size;         /* bytes fetched or accessed */
   UShort value_slot;  /* index into cg_event_values, for run-time values */
   Addr instr_addr;    /* the instruction the event belongs to */
   line_cost_t* cost;  /* and its cost centre */
} event_t;

/* The most events one group holds. */
#define CG_MAX_GROUP_EVENTS 16

/* The events of one call.  Instruction fetches are counted by counting
 * how often the group ran: a group runs as a whole or not at all, so each
 * of its instructions was fetched exactly `executions` times.  Only the
 * fetches whose I1 outcome is not known in advance are simulated. */
typedef struct event_group {
   ULong executions;            /* runs not yet added to the cost centres */
   struct event_group* next;    /* the other groups of its superblock */
   UInt fetch_count;            /* instructions the group fetches */
   UInt event_count;            /* events simulated when it runs */
   line_cost_t** fetch_costs;   /* the cost centres of those instructions */
   event_t events[];            /* at most CG_MAX_GROUP_EVENTS */
} event_group_t;

/* Run-time values of the group about to run, in value_slot order. */
extern UWord cg_event_values[CG_MAX_GROUP_EVENTS];

/* Sets up the simulators. */
void cg_events_init(const cache_t* I1, const cache_t* D1, const cache_t* LL);

/* Adds the fetches of GROUP's runs so far to its cost centres. */
void cg_events_fold_fetches(event_group_t* group);

/* Counts one run of GROUP and simulates its events, in order. */
VG_REGPARM(1) void cg_run_events(event_group_t* group);

/* Simulates and counts one event whose run-time value is VALUE; used for
 * guarded accesses, which only happen when their guard holds. */
VG_REGPARM(2) void cg_run_event(const event_t* event, UWord value);

#endif
