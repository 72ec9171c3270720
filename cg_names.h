/* cg_names.h: a table of interned names for the post-processing programs.
 * Every distinct byte string gets one small integer id, so file and
 * function names are stored once and compared as integers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_NAMES_H
#define CG_NAMES_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t cg_name_id;

typedef struct cg_names {
   char** text;         /* id -> NUL-terminated copy of the name */
   size_t* length;      /* id -> its length in bytes */
   uint32_t* hash;      /* id -> hash of the name, kept for rehashing */
   size_t count;        /* ids 0 .. count-1 are in use */
   size_t capacity;     /* room in the three arrays above */
   uint32_t* slots;     /* open-addressed table of id+1, 0 = free */
   size_t slot_mask;    /* slot count - 1 (a power of two) */
} cg_names;

void cg_names_init(cg_names* names);
void cg_names_free(cg_names* names);

/* Returns the id of the LENGTH bytes at TEXT, adding a copy of them if they
 * are new.  Aborts the program if memory runs out. */
cg_name_id cg_names_intern(cg_names* names, const char* text, size_t length);

/* Returns 1 and sets *ID if the name is already known, 0 otherwise. */
int cg_names_find(const cg_names* names, const char* text, size_t length,
                  cg_name_id* id);

/* Rebuilds an open-addressed table of item index + 1 (0 = free), *MASK + 1
 * slots, twice as large for its ITEMS items, HASH_OF(CONTEXT, I) giving
 * item I's hash; frees SLOTS and returns the new table, *MASK updated. */
uint32_t* cg_slots_grow(uint32_t* slots, size_t* mask, size_t items,
                        uint32_t (*hash_of)(const void* context, size_t item),
                        const void* context);

static inline const char* cg_name_text(const cg_names* names, cg_name_id id)
{
   return names->text[id];
}

#endif
