/* cg_indirect_exits.c: indirect jumps that find their translation at the
 * jump site (amd64 host code).
 *
 * A superblock that ends in a jump to an address known only at run time
 * (a return, a call or jump through a pointer, an interpreter's dispatch)
 * stores the guest address and jumps to the core's dispatcher, which looks
 * the address up in the core's table of recent translations (VG_(tt_fast):
 * sets of four guest/host address pairs) and, when the first pair of the
 * set holds it, jumps to the translation.  That one host jump serves every
 * indirect guest jump of the program, so the host's branch predictor sees
 * a single site with thousands of targets.  Here each such exit does the
 * same first lookup itself and makes its own jump, which the host predicts
 * per site; any other case (the address further in its set, or not in the
 * table) still goes to the dispatcher, which repeats the lookup and does
 * the rest as before.  Nothing the guest sees changes: the same
 * translation runs next, with the same guest state.
 *
 * The table's layout is the core's, not a public interface, so it is read
 * off the dispatcher's own code the first time an exit is made: only when
 * that code is the lookup this file repeats (the same instructions, which
 * also give the table's address) are exits rewritten; otherwise they stay
 * as VEX emitted them.  The dispatcher also counts its lookups for
 * --stats=yes; exits that find their translation here are not counted.
 *
 * The link routes VEX's calls of emit_AMD64Instr() here (-Wl,--wrap, see
 * Makefile.am); the exit is recognised by its bytes, which end in a jump
 * through %r11 to the dispatcher's address.  The wrapper also tells
 * cg_call_stubs.c the length of every instruction emitted.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "libvex.h"
#include "libvex_guest_amd64.h"
#include "cg_call_stubs.h"
#include "cg_host_code.h"

/* The dispatcher's entry, byte by byte, as Valgrind 3.19's core assembles
 * it; -1 marks the bytes of two addresses (a statistics counter's, and
 * the table's at TEMPLATE_TABLE_AT).  It loads
 * the guest address, hashes it ((a >> 13) ^ a, 8192 sets of 64 bytes),
 * compares it with the set's first guest address and jumps to the host
 * address beside it. */
static const Int dispatcher_template[] = {
   0x48, 0x8b, 0x85, 0xb8, 0x00, 0x00, 0x00,       /* mov 0xb8(%rbp),%rax  */
   0x83, 0x04, 0x25, -1, -1, -1, -1, 0x01,         /* addl $1,stats        */
   0x49, 0x89, 0xc1,                               /* mov %rax,%r9         */
   0x49, 0xc1, 0xe9, 0x0d,                         /* shr $13,%r9          */
   0x49, 0x31, 0xc1,                               /* xor %rax,%r9         */
   0x49, 0x81, 0xe1, 0xff, 0x1f, 0x00, 0x00,       /* and $0x1fff,%r9      */
   0x49, 0xc1, 0xe1, 0x06,                         /* shl $6,%r9           */
   0x49, 0xba, -1, -1, -1, -1, -1, -1, -1, -1,     /* movabs $table,%r10   */
   0x4f, 0x8d, 0x0c, 0x0a,                         /* lea (%r10,%r9),%r9   */
   0x49, 0x39, 0x01,                               /* cmp %rax,(%r9)       */
   0x75, 0x06,                                     /* jne next way         */
   0x41, 0xff, 0x61, 0x08,                         /* jmp *8(%r9)          */
};
#define TEMPLATE_TABLE_AT 38
#define TABLE_BYTES (8192 * 64)

/* What the first look at the dispatcher found. */
static enum { NOT_LOOKED, LOOKUP_KNOWN, LOOKUP_UNKNOWN } dispatcher_state;
static Addr fast_table;

static void read_dispatcher(const void* dispatcher)
{
   const UChar* code = dispatcher;
   UInt n = sizeof dispatcher_template / sizeof dispatcher_template[0];
   dispatcher_state = LOOKUP_UNKNOWN;
   for (UInt k = 0; k < n; k++)
      if (dispatcher_template[k] >= 0 && code[k] != dispatcher_template[k])
         return;
   ULong table = 0;
   for (UInt k = 0; k < 8; k++)
      table |= (ULong)code[TEMPLATE_TABLE_AT + k] << (8 * k);
   /* The rewritten exit reaches the table through a 32-bit displacement. */
   if (table == 0 || table + TABLE_BYTES > 0x7fffffffULL)
      return;
   fast_table = table;
   dispatcher_state = LOOKUP_KNOWN;
}

/* The exit as VEX emits it: the guest address's store into the guest
 * state's RIP (REX.W[R] 89 modrm disp32, 7 bytes), then "mov $dispatcher,
 * %r11; jmp *%r11" (10 bytes).  VEX puts a condition before an exit only
 * where it leaves by a side exit, whose target is a constant, so an exit
 * to the dispatcher has none.  Returns the register holding the guest
 * address (0-15), or -1 when BUF is not such an exit. */
static Int exit_address_register(const UChar* buf, Int len,
                                 const void* dispatcher)
{
   if (len != 17)
      return -1;
   const UChar* store = buf;
   const UChar* jump = store + 7;
   if ((store[0] != 0x48 && store[0] != 0x4c) || store[1] != 0x89 ||
       (store[2] & 0xc7) != 0x85 ||
       cg_host_read_u32(store + 3) != offsetof(VexGuestAMD64State, guest_RIP))
      return -1;
   if (jump[0] != 0x49 || jump[1] != 0xc7 || jump[2] != 0xc3 ||
       cg_host_read_u32(jump + 3) != (UInt)(Addr)dispatcher ||
       jump[7] != 0x41 || jump[8] != 0xff || jump[9] != 0xe3)
      return -1;
   return ((store[0] & 0x04) ? 8 : 0) | ((store[2] >> 3) & 7);
}

/* Writes, after the store, the dispatcher's first lookup on register REG
 * with %r11 as scratch (VEX never allocates %r11), ending in the jump to
 * the dispatcher that VEX emitted.  Returns the new end. */
static UChar* put_lookup(UChar* p, Int reg, const void* dispatcher)
{
   UChar rex_reg = 0x49 | ((reg & 8) ? 0x04 : 0);   /* W, B=r11, R=reg */
   UChar reg_r11 = (UChar)(0xc0 | (reg & 7) << 3 | 3);
   *p++ = rex_reg; *p++ = 0x89; *p++ = reg_r11;      /* mov reg,%r11    */
   *p++ = 0x49; *p++ = 0xc1; *p++ = 0xeb; *p++ = 13; /* shr $13,%r11    */
   *p++ = rex_reg; *p++ = 0x31; *p++ = reg_r11;      /* xor reg,%r11    */
   *p++ = 0x49; *p++ = 0x81; *p++ = 0xe3;            /* and $0x1fff,%r11 */
   p = cg_host_put_u32(p, 0x1fff);
   *p++ = 0x49; *p++ = 0xc1; *p++ = 0xe3; *p++ = 6;  /* shl $6,%r11     */
   *p++ = rex_reg; *p++ = 0x39;                      /* cmp reg,table(%r11) */
   *p++ = (UChar)(0x80 | (reg & 7) << 3 | 3);
   p = cg_host_put_u32(p, (UInt)fast_table);
   *p++ = 0x75; *p++ = 7;                            /* jne dispatcher  */
   *p++ = 0x41; *p++ = 0xff; *p++ = 0xa3;            /* jmp *table+8(%r11) */
   p = cg_host_put_u32(p, (UInt)fast_table + 8);
   *p++ = 0x49; *p++ = 0xc7; *p++ = 0xc3;            /* mov $dispatcher,%r11 */
   p = cg_host_put_u32(p, (UInt)(Addr)dispatcher);
   *p++ = 0x41; *p++ = 0xff; *p++ = 0xe3;            /* jmp *%r11       */
   return p;
}

#define LOOKUP_BYTES 47

/* VEX's emitter, which the wrapper below calls first. */
Int __real_emit_AMD64Instr(Bool* is_profInc, UChar* buf, Int nbuf,
                           const void* instr, Bool mode64,
                           VexEndness endness_host,
                           const void* disp_cp_chain_me_to_slowEP,
                           const void* disp_cp_chain_me_to_fastEP,
                           const void* disp_cp_xindir,
                           const void* disp_cp_xassisted);

/* The exit with the lookup in place of VEX's jump, where it is such an
 * exit and the lookup is known; returns the exit's length. */
static Int with_lookup(UChar* buf, Int len, Int nbuf, const void* dispatcher)
{
   Int reg = exit_address_register(buf, len, dispatcher);
   if (reg < 0 || reg == 11)   /* %r11 is the lookup's scratch */
      return len;
   if (dispatcher_state == NOT_LOOKED)
      read_dispatcher(dispatcher);
   Int store_end = len - 10;
   if (dispatcher_state != LOOKUP_KNOWN || store_end + LOOKUP_BYTES > nbuf)
      return len;
   return (Int)(put_lookup(buf + store_end, reg, dispatcher) - buf);
}

Int __wrap_emit_AMD64Instr(Bool* is_profInc, UChar* buf, Int nbuf,
                           const void* instr, Bool mode64,
                           VexEndness endness_host,
                           const void* disp_cp_chain_me_to_slowEP,
                           const void* disp_cp_chain_me_to_fastEP,
                           const void* disp_cp_xindir,
                           const void* disp_cp_xassisted)
{
   Int len = __real_emit_AMD64Instr(is_profInc, buf, nbuf, instr, mode64,
                                    endness_host, disp_cp_chain_me_to_slowEP,
                                    disp_cp_chain_me_to_fastEP,
                                    disp_cp_xindir, disp_cp_xassisted);
   if (disp_cp_xindir != NULL)
      len = with_lookup(buf, len, nbuf, disp_cp_xindir);
   cg_call_stubs_note(len, *is_profInc);
   return len;
}
