/* cg_load_crossings.c: where a store of the tool's may go in a
 * superblock's instrumented IR without changing what a fault loses.
 *
 * The IR optimiser that runs after instrumentation builds expression
 * trees: a temporary used exactly once is not computed where it is
 * defined but folded into the expression that uses it (and that one, if
 * it is itself a temporary used once, into its own use, and so on).  So a
 * guest load, or an integer division, may be computed later than the
 * statement that defined it, after a helper call of ours in between.  An
 * IR store of ours in between stops that move, and the load is then
 * computed before our store.  If the load faults, the run of the group
 * our code counts would be lost where the reference, whose calls never
 * stop the move, has counted it.  So a store of ours at a position is
 * exact only if no temporary whose own expression can fault is defined
 * before it (or any temporary folded into it is) and evaluated after
 * it.  Where there is one, the run is counted by a helper call instead.
 *
 * A temporary used more than once is computed where it is defined; one
 * used once, where its user is.  The reference's calls only add uses (they
 * take addresses and guards as arguments), so a temporary that stays put
 * here stays put there too, as long as the tool's own code adds only
 * calls there, and no more temporaries of its own than the optimiser has
 * room for beside the ones it holds (see flush_events() in
 * cg_instrument.c).  Temporaries defined by statements
 * (guarded loads, CAS, dirty calls) stay where they are and are not
 * counted.
 *
 * One crossing is common enough to be worth undoing: a block that ends
 * by jumping to an address loaded from memory, read by nothing else (the
 * jump through a PLT slot that every call into a shared library makes;
 * in sqlite3, 96 % of the group runs counted by a call were in such
 * blocks).  The load is computed last, as the block's next address, after
 * the reference's calls.  When the guest statements after it change
 * nothing, it moves to the end of the instrumented block, after the code
 * of the last group: it reads the same bytes there, and comes after our
 * stores as the reference's comes after its calls.  So it does not cross
 * the end of the block (see jump_target_load()).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "cg_load_crossings.h"

typedef struct {
   UChar* own_fault;   /* per temporary: its expression loads or divides */
   Int* defined_at;    /* per temporary: statement index, or -1 */
   Int* uses;          /* per temporary: how many times it is read */
   Int* used_at;       /* per temporary: the statement of its last use */
   Int* user;          /* per temporary: what its last use defines, or -1 */
   Int* evaluated_at;  /* per temporary: where the optimiser computes it */
} temp_uses_t;

static Bool is_integer_division(IROp op)
{
   return op >= Iop_DivU32 && op <= Iop_DivModU32to32;
}

/* Records the uses of temporaries in E, part of statement INDEX which
 * defines temporary USER (or -1), and returns whether E itself (not the
 * temporaries it reads) loads or divides. */
static Bool scan_expr(temp_uses_t* u, const IRExpr* e, Int index, Int user)
{
   Int i;
   Bool faults = False;
   if (!e)
      return False;
   switch (e->tag) {
   case Iex_RdTmp:
      u->uses[e->Iex.RdTmp.tmp]++;
      u->used_at[e->Iex.RdTmp.tmp] = index;
      u->user[e->Iex.RdTmp.tmp] = user;
      return False;
   case Iex_Load:
      scan_expr(u, e->Iex.Load.addr, index, user);
      return True;
   case Iex_Unop:
      return scan_expr(u, e->Iex.Unop.arg, index, user);
   case Iex_Binop:
      faults = scan_expr(u, e->Iex.Binop.arg1, index, user);
      faults |= scan_expr(u, e->Iex.Binop.arg2, index, user);
      return faults || is_integer_division(e->Iex.Binop.op);
   case Iex_Triop:
      faults = scan_expr(u, e->Iex.Triop.details->arg1, index, user);
      faults |= scan_expr(u, e->Iex.Triop.details->arg2, index, user);
      return faults | scan_expr(u, e->Iex.Triop.details->arg3, index, user);
   case Iex_Qop:
      faults = scan_expr(u, e->Iex.Qop.details->arg1, index, user);
      faults |= scan_expr(u, e->Iex.Qop.details->arg2, index, user);
      faults |= scan_expr(u, e->Iex.Qop.details->arg3, index, user);
      return faults | scan_expr(u, e->Iex.Qop.details->arg4, index, user);
   case Iex_ITE:
      faults = scan_expr(u, e->Iex.ITE.cond, index, user);
      faults |= scan_expr(u, e->Iex.ITE.iftrue, index, user);
      return faults | scan_expr(u, e->Iex.ITE.iffalse, index, user);
   case Iex_CCall:
      for (i = 0; e->Iex.CCall.args[i]; i++)
         faults |= scan_expr(u, e->Iex.CCall.args[i], index, user);
      return faults;
   case Iex_GetI:
      return scan_expr(u, e->Iex.GetI.ix, index, user);
   case Iex_Get:
   case Iex_Const:
   case Iex_VECRET:
   case Iex_GSPTR:
      return False;
   default:
      /* A kind this scan does not know could load: saying it does not
       * would make stores of ours look exact where they are not. */
      VG_(tool_panic)("cachegrind: unexpected IR expression");
   }
}

static void scan_stmt(temp_uses_t* u, const IRStmt* st, Int index)
{
   Int i;
   switch (st->tag) {
   case Ist_WrTmp: {
      IRTemp t = st->Ist.WrTmp.tmp;
      u->own_fault[t] = scan_expr(u, st->Ist.WrTmp.data, index, (Int)t);
      u->defined_at[t] = index;
      break;
   }
   case Ist_Put:
      scan_expr(u, st->Ist.Put.data, index, -1);
      break;
   case Ist_PutI:
      scan_expr(u, st->Ist.PutI.details->ix, index, -1);
      scan_expr(u, st->Ist.PutI.details->data, index, -1);
      break;
   case Ist_Store:
      scan_expr(u, st->Ist.Store.addr, index, -1);
      scan_expr(u, st->Ist.Store.data, index, -1);
      break;
   case Ist_StoreG:
      scan_expr(u, st->Ist.StoreG.details->addr, index, -1);
      scan_expr(u, st->Ist.StoreG.details->data, index, -1);
      scan_expr(u, st->Ist.StoreG.details->guard, index, -1);
      break;
   case Ist_LoadG:
      scan_expr(u, st->Ist.LoadG.details->addr, index, -1);
      scan_expr(u, st->Ist.LoadG.details->alt, index, -1);
      scan_expr(u, st->Ist.LoadG.details->guard, index, -1);
      break;
   case Ist_CAS:
      scan_expr(u, st->Ist.CAS.details->addr, index, -1);
      scan_expr(u, st->Ist.CAS.details->expdHi, index, -1);
      scan_expr(u, st->Ist.CAS.details->expdLo, index, -1);
      scan_expr(u, st->Ist.CAS.details->dataHi, index, -1);
      scan_expr(u, st->Ist.CAS.details->dataLo, index, -1);
      break;
   case Ist_LLSC:
      scan_expr(u, st->Ist.LLSC.addr, index, -1);
      scan_expr(u, st->Ist.LLSC.storedata, index, -1);
      break;
   case Ist_Dirty:
      scan_expr(u, st->Ist.Dirty.details->guard, index, -1);
      scan_expr(u, st->Ist.Dirty.details->mAddr, index, -1);
      for (i = 0; st->Ist.Dirty.details->args[i]; i++)
         scan_expr(u, st->Ist.Dirty.details->args[i], index, -1);
      break;
   case Ist_Exit:
      scan_expr(u, st->Ist.Exit.guard, index, -1);
      break;
   case Ist_AbiHint:
      scan_expr(u, st->Ist.AbiHint.base, index, -1);
      scan_expr(u, st->Ist.AbiHint.nia, index, -1);
      break;
   case Ist_IMark:
   case Ist_NoOp:
   case Ist_MBE:
      break;
   default:
      VG_(tool_panic)("cachegrind: unexpected IR statement");
   }
}

/* The statement that loads the block's next address, if the block ends
 * by jumping to a loaded address that nothing else reads, and only
 * statements that change neither memory nor the guest's registers follow
 * it: the load may then move to the end of the block, where it reads the
 * same bytes with the guest in the same state (see the top of this
 * file).  Else NULL. */
static IRStmt* jump_target_load(const IRSB* sb, const temp_uses_t* u)
{
   Int i;
   if (sb->next->tag != Iex_RdTmp)
      return NULL;
   IRTemp t = sb->next->Iex.RdTmp.tmp;
   Int defined = u->defined_at[t];
   if (u->uses[t] != 1 || defined < 0)
      return NULL;
   IRStmt* load = sb->stmts[defined];
   if (load->tag != Ist_WrTmp || load->Ist.WrTmp.data->tag != Iex_Load)
      return NULL;
   for (i = defined + 1; i < sb->stmts_used; i++)
      switch (sb->stmts[i]->tag) {
      case Ist_NoOp:
      case Ist_IMark:
      case Ist_AbiHint:
      case Ist_WrTmp:
         break;
      default:
         return NULL;
      }
   return load;
}

/* The working memory of cg_find_load_crossings(), kept from one superblock
 * to the next (translations are made one at a time): allocating each of
 * its arrays for every superblock made python3's start-up 3 % slower. */
static HChar* scratch;
static SizeT scratch_bytes;

/* BYTES of zeroed scratch memory, valid until the next call. */
static void* zeroed_scratch(SizeT bytes)
{
   if (bytes > scratch_bytes) {
      VG_(free)(scratch);
      scratch_bytes = bytes > 2 * scratch_bytes ? bytes : 2 * scratch_bytes;
      scratch = VG_(malloc)("cg.instr.scratch", scratch_bytes);
   }
   VG_(memset)(scratch, 0, bytes);
   return scratch;
}

const UChar* cg_find_load_crossings(const IRSB* sb, IRStmt** movable,
                                    const UChar** held)
{
   Int temps = sb->tyenv->types_used, i, t;
   Int positions = sb->stmts_used + 1;
   temp_uses_t u;
   /* Eight arrays of ints (two per position plus one, six per
    * temporary), then three of bytes (one per temporary, two per
    * position). */
   SizeT ints = 2 * (SizeT)(positions + 1) + 6 * (SizeT)temps;
   Int* delta = zeroed_scratch(ints * sizeof(Int) + (SizeT)temps
                               + 2 * (SizeT)positions);
   Int* held_delta = delta + positions + 1;
   u.defined_at = held_delta + positions + 1;
   u.uses = u.defined_at + temps;
   u.used_at = u.uses + temps;
   u.user = u.used_at + temps;
   u.evaluated_at = u.user + temps;
   Int* tree_start = u.evaluated_at + temps;
   u.own_fault = (UChar*)(tree_start + temps);
   UChar* crossing = u.own_fault + temps;
   UChar* held_count = crossing + positions;
   for (t = 0; t < temps; t++)
      u.defined_at[t] = -1;
   for (i = 0; i < sb->stmts_used; i++)
      scan_stmt(&u, sb->stmts[i], i);
   scan_expr(&u, sb->next, sb->stmts_used, -1);
   /* Backwards, so that a user's place is known before its operands'. */
   for (i = sb->stmts_used - 1; i >= 0; i--) {
      const IRStmt* st = sb->stmts[i];
      if (st->tag != Ist_WrTmp)
         continue;
      t = (Int)st->Ist.WrTmp.tmp;
      if (u.uses[t] != 1)
         u.evaluated_at[t] = i;
      else if (u.user[t] >= 0)
         u.evaluated_at[t] = u.evaluated_at[u.user[t]];
      else
         u.evaluated_at[t] = u.used_at[t];
   }
   /* Positions defined_at + 1 .. evaluated_at are crossed; the end of
    * the block is not, by a jump target's load that may move there. */
   *movable = jump_target_load(sb, &u);
   if (*movable)
      u.evaluated_at[(*movable)->Ist.WrTmp.tmp]--;
   /* A temporary used once is folded into its user's expression, so a
    * value that can fault reads, as the optimiser holds it, every
    * temporary folded into it: one that reads a register makes a write of
    * that register compute it, there and then.  A test of ours that
    * pushed such an operand off the optimiser's table, even before the
    * value itself is defined, would change that.  So the value is
    * pending from the definition of the earliest temporary folded into
    * it, in statement order (an operand is defined before its user). */
   for (t = 0; t < temps; t++)
      tree_start[t] = u.defined_at[t];
   for (i = 0; i < sb->stmts_used; i++) {
      const IRStmt* st = sb->stmts[i];
      if (st->tag != Ist_WrTmp)
         continue;
      t = (Int)st->Ist.WrTmp.tmp;
      Int user = u.user[t];
      if (u.uses[t] == 1 && user >= 0 && tree_start[t] < tree_start[user])
         tree_start[user] = tree_start[t];
   }
   /* A temporary used once is held from just after its definition to
    * its use, included: the use takes it out of the optimiser's table. */
   for (t = 0; t < temps; t++) {
      if (u.defined_at[t] < 0)
         continue;
      if (u.own_fault[t] && u.evaluated_at[t] > u.defined_at[t]) {
         delta[tree_start[t] + 1]++;
         delta[u.evaluated_at[t] + 1]--;
      }
      if (u.uses[t] == 1) {
         held_delta[u.defined_at[t] + 1]++;
         held_delta[u.used_at[t] + 1]--;
      }
   }
   Int live = 0, live_held = 0;
   for (i = 0; i < positions; i++) {
      live += delta[i];
      crossing[i] = live > 0;
      live_held += held_delta[i];
      held_count[i] = live_held < 255 ? (UChar)live_held : 255;
   }
   *held = held_count;
   return crossing;
}
