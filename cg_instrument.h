/* cg_instrument.h: turning the core's superblocks into instrumented ones.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_INSTRUMENT_H
#define CG_INSTRUMENT_H

#include "pub_tool_basics.h"
#include "pub_tool_tooliface.h"
#include "cg_arch.h"

/* Says what to instrument for; called once, after the options. */
void cg_instrument_configure(Bool cache_sim, Bool branch_sim, const cache_t* I1,
                             const cache_t* D1, const cache_t* LL);

/* Thread TID is about to run client code: its guest state gets the
 * counter base the instrumented code adds to (see cg_slots.h). */
void cg_instrument_thread_starts(ThreadId tid);

/* The instrumentation callback of the core. */
IRSB* cg_instrument(VgCallbackClosure* closure, IRSB* sb_in,
                    const VexGuestLayout* layout,
                    const VexGuestExtents* extents,
                    const VexArchInfo* arch_info, IRType guest_word_type,
                    IRType host_word_type);

#endif
