/* cg_records.c: what the tool keeps for each translated superblock.
 *
 * The instrumented code of a superblock points to things made when it was
 * instrumented: its event groups (with their run counters), its fetch
 * sites and its runs of data accesses.  They live in the superblock's
 * record, found by the superblock's guest address, and are freed when
 * the core discards the translation, the groups' runs first added to the
 * cost centres (which stay).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_mallocfree.h"
#include "cg_records.h"
#include "cg_runs.h"

typedef struct memory_chunk {
   struct memory_chunk* next;
   SizeT used, size;
   HChar bytes[];
} memory_chunk_t;

/* The groups of a superblock live in the record itself: it is allocated
 * with room for the most the walk can need (see event_bound() in
 * cg_instrument.c) and shrunk in place to what was used, so a small
 * superblock costs one small block.  The chunks are only a safety net
 * should the bound ever be short. */
struct superblock_record {
   struct superblock_record* next;  /* VgHashNode layout: next, then key */
   UWord key;                       /* guest address of the superblock */
   memory_chunk_t* chunks;
   event_group_t* groups;
   SizeT used, size;
   HChar bytes[];
};

static VgHashTable* superblock_records;

void* cg_record_alloc(superblock_record_t* record, SizeT size)
{
   memory_chunk_t* chunk = record->chunks;
   void* p;
   size = (size + sizeof(Addr) - 1) & ~(sizeof(Addr) - 1);
   if (record->size - record->used >= size) {
      p = record->bytes + record->used;
      record->used += size;
      return p;
   }
   if (!chunk || chunk->size - chunk->used < size) {
      SizeT chunk_size = size > 256 ? size : 256;
      chunk = VG_(malloc)("cg.records.chunk", sizeof *chunk + chunk_size);
      chunk->size = chunk_size;
      chunk->used = 0;
      chunk->next = record->chunks;
      record->chunks = chunk;
   }
   p = chunk->bytes + chunk->used;
   chunk->used += size;
   return p;
}

superblock_record_t* cg_record_new(Addr base, SizeT capacity)
{
   superblock_record_t* record =
      VG_(malloc)("cg.records.record", sizeof *record + capacity);
   if (!superblock_records)
      superblock_records = VG_(HT_construct)("cg.records.table");
   record->key = base;
   record->chunks = NULL;
   record->groups = NULL;
   record->used = 0;
   record->size = capacity;
   VG_(HT_add_node)(superblock_records, record);
   return record;
}

void cg_record_finish(superblock_record_t* record)
{
   VG_(realloc_shrink)(record, sizeof *record + record->used);
   record->size = record->used;
}

static void fold_record_counts(superblock_record_t* record)
{
   event_group_t* group;
   for (group = record->groups; group; group = group->next)
      cg_events_fold_counts(group);
}

void cg_records_fold_all_counts(void)
{
   superblock_record_t* record;
   if (!superblock_records)
      return;
   VG_(HT_ResetIter)(superblock_records);
   while ((record = VG_(HT_Next)(superblock_records)))
      fold_record_counts(record);
}

void cg_records_discard(Addr base)
{
   event_group_t* group;
   /* Superblocks translated while instrumentation was off have none. */
   superblock_record_t* record =
      superblock_records ? VG_(HT_remove)(superblock_records, base) : NULL;
   if (!record)
      return;
   fold_record_counts(record);
   for (group = record->groups; group; group = group->next)
      cg_runs_free_counter(group->runs);
   while (record->chunks) {
      memory_chunk_t* next = record->chunks->next;
      VG_(free)(record->chunks);
      record->chunks = next;
   }
   VG_(free)(record);
}

void cg_record_add_group(superblock_record_t* record, event_group_t* group)
{
   group->next = record->groups;
   record->groups = group;
}

Int cg_records_live(void)
{
   return superblock_records ? VG_(HT_count_nodes)(superblock_records) : 0;
}
