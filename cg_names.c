/* cg_names.c: interned names (see cg_names.h).  An open-addressed hash
 * table of ids, kept at most half full so a lookup probes few slots.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_hash.h"
#include "cg_names.h"

void cg_names_init(cg_names* names)
{
   memset(names, 0, sizeof *names);
   names->slot_mask = 1023;
   names->slots = cg_xcalloc(names->slot_mask + 1, sizeof *names->slots);
}

void cg_names_free(cg_names* names)
{
   for (size_t id = 0; id < names->count; id++)
      free(names->text[id]);
   free(names->text);
   free(names->length);
   free(names->hash);
   free(names->slots);
   memset(names, 0, sizeof *names);
}

/* Returns the slot holding the name, or the free slot where it belongs. */
static size_t find_slot(const cg_names* names, const char* text,
                        size_t length, uint32_t hash)
{
   size_t slot = hash & names->slot_mask;
   for (;;) {
      uint32_t stored = names->slots[slot];
      if (stored == 0)
         return slot;
      cg_name_id id = stored - 1;
      if (names->hash[id] == hash && names->length[id] == length &&
          memcmp(names->text[id], text, length) == 0)
         return slot;
      slot = (slot + 1) & names->slot_mask;
   }
}

uint32_t* cg_slots_grow(uint32_t* slots, size_t* mask, size_t items,
                        uint32_t (*hash_of)(const void* context, size_t item),
                        const void* context)
{
   size_t new_mask = *mask * 2 + 1;
   uint32_t* new_slots = cg_xcalloc(new_mask + 1, sizeof *new_slots);
   for (size_t i = 0; i < items; i++) {
      size_t slot = hash_of(context, i) & new_mask;
      while (new_slots[slot] != 0)
         slot = (slot + 1) & new_mask;
      new_slots[slot] = (uint32_t)i + 1;
   }
   free(slots);
   *mask = new_mask;
   return new_slots;
}

static uint32_t hash_of_name(const void* names, size_t id)
{
   return ((const cg_names*)names)->hash[id];
}

int cg_names_find(const cg_names* names, const char* text, size_t length,
                  cg_name_id* id)
{
   size_t slot = find_slot(names, text, length, cg_hash_bytes(text, length));
   if (names->slots[slot] == 0)
      return 0;
   *id = names->slots[slot] - 1;
   return 1;
}

cg_name_id cg_names_intern(cg_names* names, const char* text, size_t length)
{
   uint32_t hash = cg_hash_bytes(text, length);
   size_t slot = find_slot(names, text, length, hash);
   if (names->slots[slot] != 0)
      return names->slots[slot] - 1;

   if (names->count == names->capacity) {
      size_t capacity = names->capacity ? names->capacity * 2 : 256;
      names->text = cg_xreallocarray(names->text, capacity, sizeof(char*));
      names->length =
         cg_xreallocarray(names->length, capacity, sizeof(size_t));
      names->hash = cg_xreallocarray(names->hash, capacity, sizeof(uint32_t));
      names->capacity = capacity;
   }
   cg_name_id id = (cg_name_id)names->count++;
   names->text[id] = cg_xstrndup(text, length);
   names->length[id] = length;
   names->hash[id] = hash;
   names->slots[slot] = id + 1;
   if (names->count * 2 > names->slot_mask)
      names->slots = cg_slots_grow(names->slots, &names->slot_mask,
                                   names->count, hash_of_name, names);
   return id;
}
