/* cg_runs.h: the run counters of event groups (see cg_runs.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_RUNS_H
#define CG_RUNS_H

#include "pub_tool_basics.h"

/* A counter set to zero, for one group's runs, valid until it is given
 * back. */
ULong* cg_runs_new_counter(void);

/* Gives back COUNTER, whose runs have been folded into the cost centres. */
void cg_runs_free_counter(ULong* counter);

#endif
