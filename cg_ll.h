/* cg_ll.h: the simulated last-level cache, looked up on every L1 miss.
 *
 * Its model is cg_sim.h's; what differs is how its tags are kept (see
 * cg_ll.c): 32 bits each where they fit, a set's first two ways in a small
 * row and the others in one host line, so that a lookup waits for at most
 * two lines of the host's memory.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_LL_H
#define CG_LL_H

#include "pub_tool_basics.h"
#include "cg_arch.h"

/* Sets the LL up for the geometry CONFIG (which must have passed the
 * checks of cg_arch.h). */
void cg_ll_init(const cache_t* config);

/* The LL's line size, log 2. */
Int cg_ll_line_bits(void);

/* An access of SIZE (>= 1) bytes at ADDR, touching at most two lines;
 * True if it missed (either line). */
Bool cg_ll_access_is_miss(Addr addr, UWord size);

#endif
