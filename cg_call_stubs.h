/* cg_call_stubs.h: the slow-path calls of data accesses moved out of the
 * line of their translation (amd64 host code, see cg_call_stubs.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_CALL_STUBS_H
#define CG_CALL_STUBS_H

#include "pub_tool_basics.h"

/* --out-of-line-calls, a debugging option: whether the calls are moved. */
extern Bool cg_out_of_line_calls;

/* Told by the emitter's wrapper of each instruction VEX emits, in order:
 * its length in bytes, and whether it is the --profile-flags counter. */
void cg_call_stubs_note(Int len, Bool is_profInc);

#endif
