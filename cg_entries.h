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

/* What an entry point's index stands for, and where its D1 misses fell
 * (see cg_entry_prefetch()). */
typedef struct {
   line_cost_t* cost;
   UWord size;
   Addr last_miss; /* the address of the entry's last D1 miss */
   Addr stride;    /* its distance from the one before */
} data_entry_t;

extern data_entry_t cg_read_entries[], cg_write_entries[];

/* The entry point of reads (or, if WRITE, writes) of SIZE bytes charged
 * to COST, made on first use; NULL if there is none (see above).  It is to
 * be called with the data address as its only argument. */
void* cg_entry_for_data(line_cost_t* cost, Bool write, Int size);

/* How many strides ahead cg_entry_prefetch() asks for (see there). */
#define CG_PREFETCH_STRIDES 8

/* Called at a D1 miss of ENTRY's at ADDR (in the vector searches, once the
 * row of a set's first eight ways has not held the line), before the rest
 * of the miss is simulated: when ENTRY's last two misses were a stride
 * apart and this one follows the last by that stride too, asks the host to
 * bring the client's memory CG_PREFETCH_STRIDES strides further on into
 * its caches.  A walk through memory in strides of a line or more (a
 * matrix read by columns) misses D1 at every access, and each miss calls
 * the slow path between two of the client's loads, which then wait for the
 * host's memory one after the other: perf put four times as many of the
 * matrix's samples on them as under --tool=none, where the host overlaps
 * them.  The matrix's stride is more than a page, so each load also walks
 * the host's page tables, and a prefetch waits for that walk before it
 * retires: asked for one stride ahead, the prefetch took the samples the
 * load had.  Against the build without it (Emerald Rapids, the bench's
 * caches, medians of 21 to 31 paired runs), the matrix took 0.90 of the
 * time one stride ahead, and 8 strides ahead 0.82 (2, 4 and 16 strides
 * ahead, against one: 0.92, 0.87, 0.89; 8: 0.83); branchy 1.00.  Done at
 * every slow path instead of at misses only, it cost branchy 2 %, whose
 * slow paths mostly find their line in the second way.  A prefetch is a
 * hint that neither faults nor changes any simulated state: the counts are
 * the same with it or without it. */
static inline void cg_entry_prefetch(data_entry_t* entry, Addr addr)
{
   Addr stride = addr - entry->last_miss;
   if (stride == entry->stride)
      __builtin_prefetch((const void*)(addr + CG_PREFETCH_STRIDES * stride));
   entry->stride = stride;
   entry->last_miss = addr;
}

#endif
