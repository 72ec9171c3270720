/* cg_profile.c: the profile in memory (see cg_profile.h): the tables of
 * (file, function) pairs and (pair, line) entries, each an array in
 * first-seen order with an open-addressed hash index kept at most half
 * full.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_hash.h"
#include "cg_profile.h"

void cg_profile_init(cg_profile* profile, const cg_read_rules* rules)
{
   memset(profile, 0, sizeof *profile);
   profile->rules = *rules;
   cg_names_init(&profile->names);
   profile->pair_slot_mask = 1023;
   profile->pair_slots =
      cg_xcalloc(profile->pair_slot_mask + 1, sizeof(uint32_t));
   profile->entry_slot_mask = 4095;
   profile->entry_slots =
      cg_xcalloc(profile->entry_slot_mask + 1, sizeof(uint64_t));
}

void cg_profile_set_error(cg_profile* profile, const char* format, ...)
{
   va_list args;
   va_start(args, format);
   char* text = cg_xvprintf(format, args);
   va_end(args);
   free(profile->error);
   profile->error = text;
}

void cg_profile_free(cg_profile* profile)
{
   for (size_t i = 0; i < profile->input_count; i++) {
      cg_input* input = &profile->inputs[i];
      for (size_t d = 0; d < input->description_count; d++)
         free(input->descriptions[d]);
      free(input->descriptions);
      free(input->command);
      free(input->path);
   }
   free(profile->inputs);
   for (size_t e = 0; e < profile->event_count; e++)
      free(profile->event_names[e]);
   free(profile->event_names);
   free(profile->summary);
   free(profile->error);
   free(profile->error_detail);
   cg_names_free(&profile->names);
   free(profile->name_use);
   free(profile->pair_file);
   free(profile->pair_function);
   free(profile->pair_counts);
   free(profile->pair_slots);
   free(profile->entry_pair);
   free(profile->entry_line);
   free(profile->entry_counts);
   free(profile->entry_slots);
   cg_carries_free(&profile->carries);
   memset(profile, 0, sizeof *profile);
}

static uint32_t pair_hash(cg_name_id file, cg_name_id function)
{
   return cg_hash_word(((uint64_t)file << 32) | function);
}

static uint32_t entry_hash(uint32_t pair, uint64_t line)
{
   return cg_hash_two_words(line, pair);
}

int cg_keep_no_lines(void* context, const char* file_name)
{
   (void)context;
   (void)file_name;
   return 0;
}

static uint32_t hash_of_pair(const void* context, size_t pair)
{
   const cg_profile* profile = context;
   return pair_hash(profile->pair_file[pair], profile->pair_function[pair]);
}

/* Entry slots hold the entry's hash above its index + 1, so a probe
 * rarely has to look at the entry itself and growing the table reads only
 * the old table. */
static uint64_t entry_slot(uint32_t hash, size_t entry)
{
   return ((uint64_t)hash << 32) | (uint32_t)(entry + 1);
}

/* Moves the entries into a table of NEW_MASK + 1 slots. */
static void resize_entry_slots(cg_profile* profile, size_t new_mask)
{
   uint64_t* new_slots = cg_xcalloc(new_mask + 1, sizeof *new_slots);
   for (size_t old = 0; old <= profile->entry_slot_mask; old++) {
      uint64_t stored = profile->entry_slots[old];
      if (stored == 0)
         continue;
      size_t slot = (stored >> 32) & new_mask;
      while (new_slots[slot] != 0)
         slot = (slot + 1) & new_mask;
      new_slots[slot] = stored;
   }
   free(profile->entry_slots);
   profile->entry_slots = new_slots;
   profile->entry_slot_mask = new_mask;
}

static void grow_entry_slots(cg_profile* profile)
{
   resize_entry_slots(profile, profile->entry_slot_mask * 2 + 1);
}

void cg_profile_expect_entries(cg_profile* profile, size_t count)
{
   size_t mask = profile->entry_slot_mask;
   while (mask / 2 < count && mask < ((size_t)1 << 31))
      mask = mask * 2 + 1;
   if (mask != profile->entry_slot_mask)
      resize_entry_slots(profile, mask);
}

uint32_t cg_profile_pair(cg_profile* profile, cg_name_id file,
                         cg_name_id function)
{
   size_t slot = pair_hash(file, function) & profile->pair_slot_mask;
   for (; profile->pair_slots[slot] != 0;
        slot = (slot + 1) & profile->pair_slot_mask) {
      uint32_t pair = profile->pair_slots[slot] - 1;
      if (profile->pair_file[pair] == file &&
          profile->pair_function[pair] == function)
         return pair;
   }
   /* The reader refuses a file long before this (current_pair() in
    * cg_profile_read.c); pair indexes are 32-bit. */
   if (profile->pair_count >= UINT32_MAX - 1)
      abort();
   if (profile->pair_count == profile->pair_capacity) {
      size_t capacity = profile->pair_capacity ? profile->pair_capacity * 2
                                               : 1024;
      profile->pair_file = cg_xreallocarray(profile->pair_file, capacity,
                                            sizeof(cg_name_id));
      profile->pair_function = cg_xreallocarray(
         profile->pair_function, capacity, sizeof(cg_name_id));
      profile->pair_counts = cg_xreallocarray(
         profile->pair_counts, capacity,
         profile->event_count * sizeof(cg_count));
      profile->pair_capacity = capacity;
   }
   uint32_t pair = (uint32_t)profile->pair_count++;
   profile->pair_file[pair] = file;
   profile->pair_function[pair] = function;
   memset(cg_pair_counts(profile, pair), 0,
          profile->event_count * sizeof(cg_count));
   profile->pair_slots[slot] = pair + 1;
   if (profile->pair_count * 2 > profile->pair_slot_mask)
      profile->pair_slots =
         cg_slots_grow(profile->pair_slots, &profile->pair_slot_mask,
                       profile->pair_count, hash_of_pair, profile);
   return pair;
}

size_t cg_profile_entry(cg_profile* profile, uint32_t pair, uint64_t line)
{
   uint32_t hash = entry_hash(pair, line);
   size_t slot = hash & profile->entry_slot_mask;
   for (; profile->entry_slots[slot] != 0;
        slot = (slot + 1) & profile->entry_slot_mask) {
      uint64_t stored = profile->entry_slots[slot];
      size_t entry = (uint32_t)stored - 1;
      if ((uint32_t)(stored >> 32) == hash &&
          profile->entry_line[entry] == line &&
          profile->entry_pair[entry] == pair)
         return entry;
   }
   if (profile->entry_count >= UINT32_MAX - 1)
      abort(); /* the reader stops long before: see cg_profile_read.c */
   if (profile->entry_count == profile->entry_capacity) {
      size_t capacity = profile->entry_capacity
                           ? profile->entry_capacity * 2
                           : 4096;
      profile->entry_pair =
         cg_xreallocarray(profile->entry_pair, capacity, sizeof(uint32_t));
      profile->entry_line =
         cg_xreallocarray(profile->entry_line, capacity, sizeof(uint64_t));
      profile->entry_counts = cg_xreallocarray(
         profile->entry_counts, capacity,
         profile->event_count * sizeof(cg_count));
      profile->entry_capacity = capacity;
   }
   size_t entry = profile->entry_count++;
   profile->entry_pair[entry] = pair;
   profile->entry_line[entry] = line;
   memset(cg_entry_counts(profile, entry), 0,
          profile->event_count * sizeof(cg_count));
   profile->entry_slots[slot] = entry_slot(hash, entry);
   if (profile->entry_count * 2 > profile->entry_slot_mask)
      grow_entry_slots(profile);
   return entry;
}

static uint64_t count_key(enum cg_count_home home, size_t count)
{
   return (uint64_t)home << 60 | count;
}

/* The counts of HOME number INDEX. */
static cg_count* counts_at(const cg_profile* profile, enum cg_count_home home,
                           size_t index)
{
   return home == CG_IN_SUMMARY ? profile->summary
          : home == CG_IN_PAIR  ? cg_pair_counts(profile, index)
                                : cg_entry_counts(profile, index);
}

void cg_profile_add(cg_profile* profile, enum cg_count_home home,
                    size_t index, const cg_count* addend, int sign)
{
   size_t events = profile->event_count;
   cg_carries_add(&profile->carries, count_key(home, index * events),
                  counts_at(profile, home, index), addend, events, sign);
}

void cg_profile_sum_add(const cg_profile* profile, enum cg_count_home home,
                        size_t index, cg_sum* sum)
{
   size_t events = profile->event_count;
   cg_sum_add(sum, counts_at(profile, home, index), events);
   if (profile->carries.used == 0)
      return;
   uint64_t first_key = count_key(home, index * events);
   for (size_t e = 0; e < events; e++)
      sum[e] += (cg_sum)cg_carries_of(&profile->carries, first_key + e) *
                ((cg_sum)1 << 64);
}

static enum cg_count_home home_of(uint64_t key)
{
   return (enum cg_count_home)(key >> 60);
}

static size_t count_of(uint64_t key)
{
   return (size_t)(key & ((UINT64_C(1) << 60) - 1));
}

int cg_profile_counts_fit(cg_profile* profile, int lines_written)
{
   uint64_t key;
   uint64_t first = count_key(lines_written ? CG_IN_ENTRY : CG_IN_PAIR, 0);
   if (!cg_carries_lowest(&profile->carries, first, &key))
      return 1;
   /* Where the lines are written, their functions' totals are not: these
    * may be as large as they come (Python's programs take them whole). */
   if (lines_written && home_of(key) == CG_IN_PAIR &&
       !cg_carries_lowest(&profile->carries, count_key(CG_IN_SUMMARY, 0),
                          &key))
      return 1;
   size_t events = profile->event_count;
   enum cg_count_home home = home_of(key);
   size_t count = count_of(key);
   size_t index = count / events;
   const char* event = profile->event_names[count % events];
   const char* from = profile->input_count == 1 ? profile->inputs[0].path
                                                 : "the profiles";
   const char* what = "counts overflow 64 bits when summed";
   if (home == CG_IN_SUMMARY) {
      cg_profile_set_error(profile, "%s: %s: %s of the summary", from,
                           what, event);
      return 0;
   }
   size_t pair = home == CG_IN_PAIR ? index : profile->entry_pair[index];
   const char* file =
      cg_name_text(&profile->names, profile->pair_file[pair]);
   const char* function =
      cg_name_text(&profile->names, profile->pair_function[pair]);
   if (home == CG_IN_PAIR)
      cg_profile_set_error(profile, "%s: %s: %s of %s in %s", from, what,
                           event, function, file);
   else
      cg_profile_set_error(profile, "%s: %s: %s of line %llu of %s in %s",
                           from, what, event,
                           (unsigned long long)profile->entry_line[index],
                           function, file);
   return 0;
}

void cg_sum_add(cg_sum* sum, const cg_count* counts, size_t events)
{
   for (size_t e = 0; e < events; e++)
      sum[e] += counts[e];
}

void cg_sum_add_sum(cg_sum* sum, const cg_sum* addend, size_t events)
{
   for (size_t e = 0; e < events; e++)
      sum[e] += addend[e];
}

void cg_format_sum(char* out, cg_sum value)
{
   char digits[48];
   int length = 0;
   unsigned __int128 magnitude = value < 0 ? -(unsigned __int128)value
                                           : (unsigned __int128)value;
   do {
      digits[length++] = (char)('0' + (int)(magnitude % 10));
      magnitude /= 10;
   } while (magnitude != 0);
   if (value < 0)
      *out++ = '-';
   while (length > 0)
      *out++ = digits[--length];
   *out = '\0';
}

size_t cg_compressed_name_digits(const char* text, size_t length)
{
   if (length < 3 || text[0] != '(')
      return 0;
   size_t digits = strspn(text + 1, "0123456789");
   size_t after = 1 + digits;
   if (digits == 0 || after >= length || text[after] != ')')
      return 0;
   return after + 1 == length || text[after + 1] == ' ' ? digits : 0;
}
