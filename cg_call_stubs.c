/* cg_call_stubs.c: the slow-path calls of data accesses moved out of the
 * line of their translation (amd64 host code).
 *
 * VEX emits a guarded call as a short jump over "mov $helper,%r11; call
 * *%r11" (12 bytes), after the moves of its arguments into their
 * registers: bytes that every passing test jumps over, and the length of
 * the code a passing test runs counts for its speed (docs/performance.md,
 * "Out-of-line calls").  So once a translation is made, each data
 * access's call becomes one near conditional jump (6 bytes), taken only
 * when the call is due, to a stub after the translation's last
 * instruction that moves the arguments, makes the call and jumps back.  A
 * fetch's call stays where it is: fetch tests fail too often (four in ten
 * in sqlite3) for the two jumps a failed test now takes to pay.
 *
 * Exact: the same instructions run in the same order.  The argument moves
 * that go with the call write only registers the call clobbers, which VEX
 * therefore never reads after the call, and they leave the flags the jump
 * tests as they are.  VEX emits no jump from one of its instructions into
 * another, so instructions move as wholes; the one offset into a
 * translation that the core keeps, the counter of --profile-flags, makes
 * this leave a translation as it is, as does any instruction it cannot
 * account for.  Code printed by --trace-flags is as VEX emitted it.
 *
 * The link routes VEX's LibVEX_Translate() here (-Wl,--wrap, see
 * Makefile.am); the emitter's wrapper (cg_indirect_exits.c) tells the
 * length of each instruction as it is emitted.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_libcbase.h"
#include "libvex.h"
#include "cg_call_stubs.h"
#include "cg_events.h"
#include "cg_host_code.h"

/* A translation's instructions, as long as they were emitted; one with
 * more instructions or bytes is left as it is. */
#define MAX_INSTRS 16384
#define MAX_BYTES 65536

Bool cg_out_of_line_calls = True;

static UShort instr_len[MAX_INSTRS];
static UInt n_instrs;
static Bool recording;
static Bool unaccounted;   /* an instruction not recorded, or a counter */

/* What each instruction becomes. */
static enum { KEPT, CALL, MOVED_WITH_CALL } role[MAX_INSTRS];
static UInt offset_of[MAX_INSTRS];
static UInt site_of[MAX_INSTRS];   /* a moved call's jump, in the new code */
static UChar emitted[MAX_BYTES];

void cg_call_stubs_note(Int len, Bool is_profInc)
{
   if (!recording)
      return;
   if (is_profInc || n_instrs == MAX_INSTRS || len < 0 || len > 0xffff)
      unaccounted = True;
   else
      instr_len[n_instrs++] = (UShort)len;
}

/* VEX's guarded call with no result: "j<not cond> +10; mov $helper,%r11;
 * call *%r11", the helper's address 32 bits wide. */
static Bool is_guarded_call(const UChar* p, UInt len)
{
   return len == 12 && (p[0] & 0xf0) == 0x70 && p[1] == 0x0a &&
          p[2] == 0x49 && p[3] == 0xc7 && p[4] == 0xc3 &&
          p[9] == 0x41 && p[10] == 0xff && p[11] == 0xd3;
}

/* "mov %reg,%rdi" (or %rsi, %rdx, %rcx: the registers of a helper's
 * first arguments): REX.W[R] 89, register to register. */
static Bool is_argument_move(const UChar* p, UInt len)
{
   if (len != 3 || (p[0] != 0x48 && p[0] != 0x4c) || p[1] != 0x89 ||
       (p[2] & 0xc0) != 0xc0)
      return False;
   UInt target = p[2] & 7;
   return target == 7 || target == 6 || target == 2 || target == 1;
}

/* Marks the calls to move and the argument moves just before each. */
static void choose_roles(void)
{
   UInt at = 0;
   for (UInt i = 0; i < n_instrs; i++) {
      offset_of[i] = at;
      role[i] = KEPT;
      const UChar* p = emitted + at;
      at += instr_len[i];
      if (!is_guarded_call(p, instr_len[i]) ||
          cg_events_is_fetch_helper((Addr)cg_host_read_u32(p + 5)))
         continue;
      role[i] = CALL;
      /* The first instruction, the event check, stays first. */
      for (UInt j = i; j > 1 && role[j - 1] == KEPT &&
           is_argument_move(emitted + offset_of[j - 1], instr_len[j - 1]);
           j--)
         role[j - 1] = MOVED_WITH_CALL;
   }
}

/* Writes the instructions from CODE on, each moved call's jump in its
 * place; returns their end, or NULL if they do not fit before END. */
static UChar* put_instructions(UChar* code, UChar* end)
{
   UChar* p = code;
   for (UInt i = 0; i < n_instrs; i++) {
      if (role[i] == MOVED_WITH_CALL)
         continue;
      if (p + (role[i] == CALL ? 6 : instr_len[i]) > end)
         return NULL;
      if (role[i] == CALL) {
         site_of[i] = (UInt)(p - code);
         *p++ = 0x0f;                  /* j<cond> rel32: the call is due */
         *p++ = (UChar)(0x80 | ((emitted[offset_of[i]] & 0x0f) ^ 1));
         p = cg_host_put_u32(p, 0);
      } else {
         VG_(memcpy)(p, emitted + offset_of[i], instr_len[i]);
         p += instr_len[i];
      }
   }
   return p;
}

/* Writes the stubs from P on and points each moved call's jump at its
 * stub; returns their end, or NULL if they do not fit before END. */
static UChar* put_stubs(UChar* code, UChar* p, UChar* end)
{
   for (UInt i = 0; i < n_instrs; i++) {
      if (role[i] != CALL)
         continue;
      UInt first = i;
      while (role[first - 1] == MOVED_WITH_CALL)
         first--;
      UInt moves = offset_of[i] - offset_of[first];
      if (p + moves + 10 + 5 > end)
         return NULL;
      UChar* back = code + site_of[i] + 6;
      cg_host_put_u32(back - 4, (UInt)(p - back));
      VG_(memcpy)(p, emitted + offset_of[first], moves);
      p += moves;
      VG_(memcpy)(p, emitted + offset_of[i] + 2, 10);   /* mov, call */
      p += 10;
      *p++ = 0xe9;                                      /* jmp back */
      p = cg_host_put_u32(p, (UInt)(back - (p + 4)));
   }
   return p;
}

static void move_calls(UChar* code, Int size, Int* used)
{
   UInt total = 0;
   for (UInt i = 0; i < n_instrs; i++)
      total += instr_len[i];
   if (unaccounted || n_instrs == 0 || total != (UInt)*used ||
       total > MAX_BYTES)
      return;
   VG_(memcpy)(emitted, code, total);
   choose_roles();
   UChar* end = code + size;
   UChar* p = put_instructions(code, end);
   if (p)
      p = put_stubs(code, p, end);
   if (p)
      *used = (Int)(p - code);
   else
      VG_(memcpy)(code, emitted, total);
}

VexTranslateResult __real_LibVEX_Translate(VexTranslateArgs* vta);

VexTranslateResult __wrap_LibVEX_Translate(VexTranslateArgs* vta)
{
   if (!cg_out_of_line_calls)
      return __real_LibVEX_Translate(vta);
   n_instrs = 0;
   unaccounted = False;
   recording = True;
   VexTranslateResult result = __real_LibVEX_Translate(vta);
   recording = False;
   if (result.status == VexTransOK)
      move_calls(vta->host_bytes, vta->host_bytes_size,
                 vta->host_bytes_used);
   return result;
}
