/* cg_entries.h: entry points into the data slow paths that carry their
 * constant arguments themselves.
 *
 * VEX sets up a conditional call's arguments before it tests the guard,
 * so every constant argument costs the fast path two instructions even
 * when the call is skipped.  An entry point is a stub in the tool's own
 * code, "load an index, jump to the helper": one per (cost centre, read or
 * write, size).  The instrumented code calls it with the data address
 * alone, and the helper reads the cost centre and the size from the entry
 * the index names.  The stubs lie beside the helpers, so the jump is
 * direct and the slow path pays one jump for what the fast path saves.
 *
 * Only on amd64; elsewhere, and once every stub is taken, there is no
 * entry point and the caller passes the arguments itself.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_ENTRIES_H
#define CG_ENTRIES_H

#include "pub_tool_basics.h"
#include "cg_costs.h"

/* What an entry point's index stands for. */
typedef struct {
   line_cost_t* cost;
   UWord size;
} data_entry_t;

extern data_entry_t cg_read_entries[], cg_write_entries[];

/* The entry point of reads (or, if WRITE, writes) of SIZE bytes charged
 * to COST, made on first use; NULL if there is none (see above).  It is to
 * be called with the data address as its only argument. */
void* cg_entry_for_data(line_cost_t* cost, Bool write, Int size);

#endif
