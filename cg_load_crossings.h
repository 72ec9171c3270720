/* cg_load_crossings.h: where an IR store of the tool's is exact in a
 * superblock (see cg_load_crossings.c for why it may not be).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_LOAD_CROSSINGS_H
#define CG_LOAD_CROSSINGS_H

#include "pub_tool_basics.h"
#include "pub_tool_tooliface.h"

/* Returns, for each position P from 0 to the number of statements of SB
 * (a position is just before statement P, or the end of the block),
 * whether a temporary whose expression can fault is defined before P and
 * evaluated at or after it (the block's next address is evaluated at the
 * end): a store of the tool's at P would then change where that
 * expression is computed.  A jump target's load that may move to the end
 * of the block is left out: *MOVABLE is then that load, else NULL.
 * *HELD is set to how many temporaries used once are defined before each
 * position and used at or after it (at most 255): the IR optimiser holds
 * each of them, not yet computed, until its use (see flush_events() in
 * cg_instrument.c for why that count matters).  Both results live in
 * working memory of this module's, valid until the next call
 * (superblocks are instrumented one at a time). */
const UChar* cg_find_load_crossings(const IRSB* sb, IRStmt** movable,
                                    const UChar** held);

#endif
