/* cg_ir_propagate.h: constants and copies propagated as the walk copies
 * the IR, in place of VEX's pass after instrumentation (see
 * cg_ir_propagate.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_IR_PROPAGATE_H
#define CG_IR_PROPAGATE_H

#include "pub_tool_basics.h"
#include "libvex_ir.h"

/* Starts on superblock SB, whose statements follow in order. */
void cg_propagate_begin(const IRSB* sb);

/* Replaces the operands of ST bound to constants or copies by earlier
 * statements, in place, and notes ST's own binding. */
void cg_propagate_stmt(IRStmt* st);

/* The same for SB's next address, after the last statement. */
void cg_propagate_next(IRSB* sb);

/* Asks for VEX's own pass after instrumentation over SB, the instrumented
 * superblock about to be returned to VEX (see cg_ir_propagate.c for
 * where it is needed). */
void cg_propagate_fully(const IRSB* sb);

#endif
