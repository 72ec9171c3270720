/* cg_entries.c: the stubs and table behind the entry points of
 * cg_entries.h.
 *
 * The stubs are made by the assembler, all alike but for their index:
 * "movl $index, %esi; jmp helper", ten bytes each (a mov of a 32-bit
 * immediate and a jump to another file's symbol are never shortened).
 * An entry, once given out, stays: cost centres live until the end of the
 * run, and a later translation of the same line reuses it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "cg_entries.h"
#include "cg_events.h"

#if defined(VGA_amd64)

#define CG_DATA_ENTRIES 16384
#define CG_STUB_BYTES 10
#define CG_STRING(x) #x
#define CG_EXPANDED_STRING(x) CG_STRING(x)

/* The helpers (cg_events.c) take the address in %rdi and the index in
 * %rsi: the stub's movl clears the index register's upper half. */
#define CG_STUBS(name, helper)                          \
   ".globl " name "\n"                                  \
   name ":\n"                                           \
   ".set cg_stub_index, 0\n"                            \
   ".rept " CG_EXPANDED_STRING(CG_DATA_ENTRIES) "\n"      \
   "movl $cg_stub_index, %esi\n"                        \
   "jmp " helper "\n"                                   \
   ".set cg_stub_index, cg_stub_index + 1\n"            \
   ".endr\n"                                            \
   ".globl " name "_end\n"                              \
   name "_end:\n"

__asm__(".pushsection .text\n"
        ".p2align 4\n"
        CG_STUBS("cg_read_stubs", "cg_read_entry")
        CG_STUBS("cg_write_stubs", "cg_write_entry")
        CG_STUBS("cg_read_stubs_avx512", "cg_read_entry_avx512")
        CG_STUBS("cg_write_stubs_avx512", "cg_write_entry_avx512")
        CG_STUBS("cg_read_stubs_avx2", "cg_read_entry_avx2")
        CG_STUBS("cg_write_stubs_avx2", "cg_write_entry_avx2")
        ".popsection\n");

extern const UChar cg_read_stubs[], cg_read_stubs_end[];
extern const UChar cg_write_stubs[], cg_write_stubs_end[];
extern const UChar cg_read_stubs_avx512[], cg_write_stubs_avx512[];
extern const UChar cg_read_stubs_avx2[], cg_write_stubs_avx2[];

/* Reads and writes have entries of their own, so that each array of stubs
 * is used from its start, its pages touched only as far as needed.  An
 * entry is found again through an open-addressing table of its kind, at
 * most half full: a slot holds the entry's index plus one, or 0. */
data_entry_t cg_read_entries[CG_DATA_ENTRIES],
    cg_write_entries[CG_DATA_ENTRIES];

typedef struct {
   UInt used;
   UShort slots[2 * CG_DATA_ENTRIES];
} entry_kind_t;

static entry_kind_t reads, writes;

static UWord slot_of(const line_cost_t* cost, Int size)
{
   UWord hash = ((UWord)cost >> 4) * 0x9E3779B97F4A7C15ULL + (UWord)size;
   return (hash >> 32) & (2 * CG_DATA_ENTRIES - 1);
}

void* cg_entry_for_data(line_cost_t* cost, Bool write, Int size)
{
   entry_kind_t* kind = write ? &writes : &reads;
   data_entry_t* entries = write ? cg_write_entries : cg_read_entries;
   UWord slot = slot_of(cost, size);
   for (;; slot = (slot + 1) & (2 * CG_DATA_ENTRIES - 1)) {
      UInt index;
      if (kind->slots[slot] == 0) {
         if (kind->used == CG_DATA_ENTRIES)
            return NULL;
         /* The stubs must be as the assembler was asked to make them. */
         tl_assert(cg_read_stubs_end - cg_read_stubs
                   == CG_DATA_ENTRIES * CG_STUB_BYTES);
         tl_assert(cg_write_stubs_end - cg_write_stubs
                   == CG_DATA_ENTRIES * CG_STUB_BYTES);
         index = kind->used++;
         entries[index].cost = cost;
         entries[index].size = (UWord)size;
         kind->slots[slot] = (UShort)(index + 1);
         break;
      }
      index = kind->slots[slot] - 1u;
      if (entries[index].cost == cost
          && entries[index].size == (UWord)size)
         break;
   }
   const UChar* stubs;
   switch (cg_events_data_search()) {
   case CG_VECTOR_SEARCH_AVX512:
      stubs = write ? cg_write_stubs_avx512 : cg_read_stubs_avx512;
      break;
   case CG_VECTOR_SEARCH_AVX2:
      stubs = write ? cg_write_stubs_avx2 : cg_read_stubs_avx2;
      break;
   default:
      stubs = write ? cg_write_stubs : cg_read_stubs;
      break;
   }
   return (void*)(stubs + (SizeT)(kind->slots[slot] - 1u) * CG_STUB_BYTES);
}

#else

data_entry_t cg_read_entries[1], cg_write_entries[1];

void* cg_entry_for_data(line_cost_t* cost, Bool write, Int size)
{
   return NULL;
}

#endif
