/* cg_ir_propagate.c: VEX's constant propagation after instrumentation,
 * done as the walk copies the statements instead.
 *
 * After the tool's instrumentation VEX runs its constant propagation over
 * the whole superblock again (cprop_BB): every temporary bound to a
 * constant or to another temporary is replaced by what it is bound to,
 * and operations on constants are folded.  The optimised IR the tool is
 * given still has such bindings (copies left by VEX's last pass, such as
 * "t51 = t102", and conversions of constants, "t104 = 64to32(0x2:I64)"),
 * while the inline tests make the IR about twice as long: the pass over
 * all of it cost some 3 to 5 % of a run that is mostly translation
 * (python3 -S -c pass, gcc's cc1; see docs/performance.md).
 *
 * So the walk (cg_instrument.c) hands every statement of the original IR
 * to cg_propagate_stmt() before it reads it, which replaces the operands
 * bound by earlier statements and notes the statement's own binding; the
 * instrumentation binds none of its own temporaries to constants or
 * copies.  The tool's link routes VEX's call of the pass after
 * instrumentation to a pass that does nothing (-Wl,--wrap, see
 * Makefile.am); its calls from inside its optimiser, before
 * instrumentation, are not routed.  VEX's removal of dead bindings, just
 * before the pass, drops the bindings left unused.
 *
 * No count changes: the events are found on the statements with their
 * operands replaced by equal values.  A guard (of an exit, a guarded load
 * or store, a call, a conditional expression), an array index and the
 * operands of an atomic access (CAS, LL/SC) get a copy's temporary but
 * never a constant, and nothing but conversions is folded: VEX's pass
 * would fold an exit whose guard became constant, and here no statement
 * is turned into another.  The code differs from what
 * VEX's pass makes only where that folding would have applied (the
 * translations of a test program: 130,052 host instructions against
 * 129,971).
 *
 * Except where a load or division that can fault is pending: there the
 * bindings VEX's pass folds and this one keeps (an operation on two
 * constants, a narrowing of a widening) would still be held by VEX's tree
 * building, each in an entry of its table, and could push the pending
 * value off the table, computed before the group's calls where the
 * reference computes it after them: a fault would lose the group that
 * the reference counts.  Such a superblock gets VEX's own pass after
 * instrumentation (cg_propagate_fully()), and then the same IR from it as
 * the reference gets.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "libvex_ir.h"
#include "cg_ir_propagate.h"

/* What each temporary of the original IR is bound to, if a constant or
 * another temporary (itself already resolved), else NULL; the table
 * grows to the largest superblock seen and is kept. */
static IRExpr** binding;
static Int binding_capacity;
static Int bindings_in_use;

void cg_propagate_begin(const IRSB* sb)
{
   Int n = sb->tyenv->types_used;
   if (n > binding_capacity) {
      if (binding)
         VG_(free)(binding);
      binding_capacity = n * 2;
      binding = VG_(malloc)("cg.propagate", binding_capacity * sizeof *binding);
   }
   VG_(memset)(binding, 0, n * sizeof *binding);
   bindings_in_use = n;
}

/* The operand E, or what it is bound to. */
static IRExpr* resolved(IRExpr* e)
{
   if (e->tag == Iex_RdTmp && e->Iex.RdTmp.tmp < (IRTemp)bindings_in_use
       && binding[e->Iex.RdTmp.tmp])
      return binding[e->Iex.RdTmp.tmp];
   return e;
}

/* The operand E with its copy resolved but never made a constant: for
 * guards and indices. */
static IRExpr* renamed(IRExpr* e)
{
   IRExpr* r = resolved(e);
   return r->tag == Iex_RdTmp ? r : e;
}

static void resolve_args(IRExpr** args)
{
   Int i;
   for (i = 0; args[i]; i++)
      if (!is_IRExpr_VECRET_or_GSPTR(args[i]))
         args[i] = resolved(args[i]);
}

/* Resolves the operands of E, a flat expression, in place. */
static void resolve_operands(IRExpr* e)
{
   switch (e->tag) {
   case Iex_Unop:
      e->Iex.Unop.arg = resolved(e->Iex.Unop.arg);
      break;
   case Iex_Binop:
      e->Iex.Binop.arg1 = resolved(e->Iex.Binop.arg1);
      e->Iex.Binop.arg2 = resolved(e->Iex.Binop.arg2);
      break;
   case Iex_Triop: {
      IRTriop* t = e->Iex.Triop.details;
      t->arg1 = resolved(t->arg1);
      t->arg2 = resolved(t->arg2);
      t->arg3 = resolved(t->arg3);
      break;
   }
   case Iex_Qop: {
      IRQop* q = e->Iex.Qop.details;
      q->arg1 = resolved(q->arg1);
      q->arg2 = resolved(q->arg2);
      q->arg3 = resolved(q->arg3);
      q->arg4 = resolved(q->arg4);
      break;
   }
   case Iex_Load:
      e->Iex.Load.addr = resolved(e->Iex.Load.addr);
      break;
   case Iex_ITE:
      e->Iex.ITE.cond = renamed(e->Iex.ITE.cond);
      e->Iex.ITE.iftrue = resolved(e->Iex.ITE.iftrue);
      e->Iex.ITE.iffalse = resolved(e->Iex.ITE.iffalse);
      break;
   case Iex_CCall:
      resolve_args(e->Iex.CCall.args);
      break;
   case Iex_GetI:
      e->Iex.GetI.ix = renamed(e->Iex.GetI.ix);
      break;
   case Iex_Get:
   case Iex_Const:
   case Iex_RdTmp: /* resolved by the caller */
      break;
   default:
      VG_(tool_panic)("cachegrind: unexpected IR expression");
   }
}

/* E as a constant, if it is a widening or narrowing of an integer
 * constant, else NULL. */
static IRExpr* folded_conversion(const IRExpr* e)
{
   if (e->tag != Iex_Unop || e->Iex.Unop.arg->tag != Iex_Const)
      return NULL;
   const IRConst* c = e->Iex.Unop.arg->Iex.Const.con;
   ULong v;
   switch (c->tag) {
   case Ico_U1:  v = c->Ico.U1 ? 1 : 0; break;
   case Ico_U8:  v = c->Ico.U8; break;
   case Ico_U16: v = c->Ico.U16; break;
   case Ico_U32: v = c->Ico.U32; break;
   case Ico_U64: v = c->Ico.U64; break;
   default: return NULL;
   }
   /* The operation's type fixes the constant's. */
   switch (e->Iex.Unop.op) {
   case Iop_64to32: case Iop_16Uto32: case Iop_8Uto32: case Iop_1Uto32:
      return IRExpr_Const(IRConst_U32((UInt)v));
   case Iop_64to16: case Iop_32to16: case Iop_8Uto16:
      return IRExpr_Const(IRConst_U16((UShort)v));
   case Iop_64to8: case Iop_32to8: case Iop_16to8: case Iop_1Uto8:
      return IRExpr_Const(IRConst_U8((UChar)v));
   case Iop_32Uto64: case Iop_16Uto64: case Iop_8Uto64: case Iop_1Uto64:
      return IRExpr_Const(IRConst_U64(v));
   default:
      return NULL;
   }
}

void cg_propagate_stmt(IRStmt* st)
{
   switch (st->tag) {
   case Ist_WrTmp: {
      IRExpr* data = resolved(st->Ist.WrTmp.data);
      resolve_operands(data);
      st->Ist.WrTmp.data = data;
      IRExpr* value = folded_conversion(data);
      if (!value && (data->tag == Iex_Const || data->tag == Iex_RdTmp))
         value = data;
      if (value && st->Ist.WrTmp.tmp < (IRTemp)bindings_in_use)
         binding[st->Ist.WrTmp.tmp] = value;
      break;
   }
   case Ist_Put:
      st->Ist.Put.data = resolved(st->Ist.Put.data);
      break;
   case Ist_PutI:
      st->Ist.PutI.details->ix = renamed(st->Ist.PutI.details->ix);
      st->Ist.PutI.details->data = resolved(st->Ist.PutI.details->data);
      break;
   case Ist_Store:
      st->Ist.Store.addr = resolved(st->Ist.Store.addr);
      st->Ist.Store.data = resolved(st->Ist.Store.data);
      break;
   case Ist_StoreG: {
      IRStoreG* sg = st->Ist.StoreG.details;
      sg->addr = resolved(sg->addr);
      sg->data = resolved(sg->data);
      sg->guard = renamed(sg->guard);
      break;
   }
   case Ist_LoadG: {
      IRLoadG* lg = st->Ist.LoadG.details;
      lg->addr = resolved(lg->addr);
      lg->alt = resolved(lg->alt);
      lg->guard = renamed(lg->guard);
      break;
   }
   case Ist_Dirty: {
      IRDirty* d = st->Ist.Dirty.details;
      resolve_args(d->args);
      d->guard = renamed(d->guard);
      if (d->mAddr)
         d->mAddr = resolved(d->mAddr);
      break;
   }
   case Ist_CAS: {
      IRCAS* cas = st->Ist.CAS.details;
      cas->addr = renamed(cas->addr);
      if (cas->expdHi) cas->expdHi = renamed(cas->expdHi);
      cas->expdLo = renamed(cas->expdLo);
      if (cas->dataHi) cas->dataHi = renamed(cas->dataHi);
      cas->dataLo = renamed(cas->dataLo);
      break;
   }
   case Ist_LLSC:
      st->Ist.LLSC.addr = renamed(st->Ist.LLSC.addr);
      if (st->Ist.LLSC.storedata)
         st->Ist.LLSC.storedata = renamed(st->Ist.LLSC.storedata);
      break;
   case Ist_Exit:
      st->Ist.Exit.guard = renamed(st->Ist.Exit.guard);
      break;
   case Ist_AbiHint:
      st->Ist.AbiHint.base = resolved(st->Ist.AbiHint.base);
      st->Ist.AbiHint.nia = resolved(st->Ist.AbiHint.nia);
      break;
   case Ist_NoOp:
   case Ist_IMark:
   case Ist_MBE:
      break;
   default:
      VG_(tool_panic)("cachegrind: unexpected IR statement");
   }
}

/* The block's next address, after its statements. */
void cg_propagate_next(IRSB* sb)
{
   sb->next = resolved(sb->next);
}

/* The superblock VEX's call after instrumentation was just given. */
static const IRSB* just_propagated;

/* The instrumented superblock that gets VEX's own pass, if any. */
static const IRSB* to_propagate_fully;

void cg_propagate_fully(const IRSB* sb)
{
   to_propagate_fully = sb;
}

/* The names VEX's call of its pass after instrumentation reaches, and
 * the pass itself. */
IRSB* __real_cprop_BB(IRSB* bb);
IRSB* __wrap_cprop_BB(IRSB* bb);

IRSB* __wrap_cprop_BB(IRSB* bb)
{
   if (bb == to_propagate_fully) {
      to_propagate_fully = NULL;
      return __real_cprop_BB(bb);
   }
   just_propagated = bb;
   return bb;
}

/* VEX removes dead bindings just before its pass and again just after it
 * (LibVEX_FrontEnd() in 3.19 calls the two in that order, nothing in
 * between).  With the pass doing nothing, the second removal finds
 * nothing the first left, and is skipped. */
void __real_do_deadcode_BB(IRSB* bb);
void __wrap_do_deadcode_BB(IRSB* bb);

void __wrap_do_deadcode_BB(IRSB* bb)
{
   if (bb == just_propagated) {
      just_propagated = NULL;
      return;
   }
   __real_do_deadcode_BB(bb);
}
