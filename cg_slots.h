/* cg_slots.h: the words this tool keeps in each thread's guest state.
 *
 * The core gives every thread, next to its guest state, shadow areas of
 * the same size, for tools that shadow the registers; this one does not,
 * and keeps a few words of its own at the start of the first.  Its
 * instrumented code reaches them at a fixed offset from the guest state
 * pointer, which the core keeps in a register, with one short instruction,
 * where a word of the tool's own memory takes a 64-bit address loaded
 * into a register first.  Each slot's owner says what it holds and how it
 * gets there before the thread runs client code.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_SLOTS_H
#define CG_SLOTS_H

#include "pub_tool_basics.h"
#include "pub_tool_guest.h"
#include "pub_tool_machine.h"

/* Byte offsets in the first shadow area. */
#define CG_SLOT_BRANCH_HISTORY 0 /* cg_branchpred.c */
#define CG_SLOT_COUNTER_BASE   8 /* cg_instrument.c */

/* The offset of slot SLOT from the guest state pointer: what IR Gets and
 * Puts take (the first shadow area follows the guest state). */
#define CG_SLOT_OFFSET(slot) ((Int)sizeof(VexGuestArchState) + (slot))

/* Writes and reads slot SLOT of thread TID, which is not running client
 * code then (while it is, its instrumented code reads and writes them). */
static inline void cg_slot_write(ThreadId tid, Int slot, UWord value)
{
   VG_(set_shadow_regs_area)(tid, 1, slot, sizeof value, (const UChar*)&value);
}

static inline UWord cg_slot_read(ThreadId tid, Int slot)
{
   UWord value;
   VG_(get_shadow_regs_area)(tid, (UChar*)&value, 1, slot, sizeof value);
   return value;
}

#endif
