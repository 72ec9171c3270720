/* cg_records.h: what the tool keeps for each translated superblock (see
 * cg_records.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_RECORDS_H
#define CG_RECORDS_H

#include "pub_tool_basics.h"
#include "cg_events.h"

typedef struct superblock_record superblock_record_t;

/* A new record for the superblock at guest address BASE, with room for
 * CAPACITY bytes of what its instrumentation makes (more is found if
 * needed, but that room is one block with the record). */
superblock_record_t* cg_record_new(Addr base, SizeT capacity);

/* SIZE bytes in RECORD, aligned to a word, until the record is freed. */
void* cg_record_alloc(superblock_record_t* record, SizeT size);

/* GROUP, allocated in RECORD, is one of its superblock's event groups. */
void cg_record_add_group(superblock_record_t* record, event_group_t* group);

/* The instrumentation of RECORD's superblock is done: the room it did not
 * use is given back. */
void cg_record_finish(superblock_record_t* record);

/* The core threw away the translation of the superblock starting at
 * BASE: frees its record, if it has one, its groups' runs first added to
 * the cost centres. */
void cg_records_discard(Addr base);

/* Adds the runs counted so far by every live superblock's groups to the
 * cost centres; must be called before the costs are read. */
void cg_records_fold_all_counts(void);

/* Number of superblocks with a record. */
Int cg_records_live(void);

#endif
