/* cg_instrument.c: the IR walk.  Statements in, events out.
 *
 * Every count the tool reports is defined on the optimised IR the core
 * hands over, not on machine code, so this walk follows the IR exactly:
 *
 *   IMark          one instruction fetch (Ir) of the instruction's length
 *   t = Load       a data read (Dr) of the loaded type's size
 *   Store          a data write (Dw) of the stored type's size
 *   LoadG, StoreG  a read or write counted only when its guard holds
 *   Dirty          its declared memory effect, capped at the smallest line
 *   CAS            a read then a write of the same location
 *   LLSC           a read (load-linked) or a write (store-conditional)
 *   Exit           a conditional branch (Bc), for ordinary jumps only
 *   end of block   an indirect branch (Bi), for non-constant targets
 *
 * Events wait in a queue of 16 and are turned into one call of
 * cg_run_events() when the queue is full, at every Exit (so that what
 * happened before a side exit is counted when it is taken), before every
 * guarded access, after a load-linked and at the end of the block.  Those
 * flush points matter: a synchronous fault in the middle of a block loses
 * exactly the events queued since the last one.
 *
 * A write that directly follows a read of the same instruction, size and
 * address expression becomes part of that read: a read-modify-write is
 * counted once, as a read.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_tooliface.h"
#include "cg_costs.h"
#include "cg_events.h"
#include "cg_instrument.h"

static Bool simulate_caches;
static Bool simulate_branches;
static Int  min_line_size;   /* the widest access a dirty helper counts */
static Int  I1_line_bits;
static Bool I1_line_is_LL_line;

static Int log2_of(Int power_of_two)
{
   Int bits = 0;
   while ((1 << bits) < power_of_two)
      bits++;
   return bits;
}

void cg_instrument_configure(Bool cache_sim, Bool branch_sim, const cache_t* I1,
                             const cache_t* D1, const cache_t* LL)
{
   simulate_caches = cache_sim;
   simulate_branches = branch_sim;
   min_line_size = I1->line_size;
   if (D1->line_size < min_line_size)
      min_line_size = D1->line_size;
   if (LL->line_size < min_line_size)
      min_line_size = LL->line_size;
   I1_line_bits = log2_of(I1->line_size);
   I1_line_is_LL_line = I1->line_size == LL->line_size;
}

/* ---- what is kept per superblock: the event groups its code points to,
 * freed when the core discards the translation ---- */

typedef struct memory_chunk {
   struct memory_chunk* next;
   SizeT used, size;
   HChar bytes[];
} memory_chunk_t;

typedef struct superblock_record {
   struct superblock_record* next;  /* VgHashNode layout: next, then key */
   UWord key;                       /* guest address of the superblock */
   memory_chunk_t* chunks;
   event_group_t* groups;
} superblock_record_t;

static VgHashTable* superblock_records;

static void* record_alloc(superblock_record_t* record, SizeT size)
{
   memory_chunk_t* chunk = record->chunks;
   size = (size + sizeof(Addr) - 1) & ~(sizeof(Addr) - 1);
   if (!chunk || chunk->size - chunk->used < size) {
      SizeT chunk_size = size > 1024 ? size : 1024;
      chunk = VG_(malloc)("cg.instr.chunk", sizeof *chunk + chunk_size);
      chunk->size = chunk_size;
      chunk->used = 0;
      chunk->next = record->chunks;
      record->chunks = chunk;
   }
   void* p = chunk->bytes + chunk->used;
   chunk->used += size;
   return p;
}

static superblock_record_t* new_record(Addr base)
{
   superblock_record_t* record = VG_(malloc)("cg.instr.record", sizeof *record);
   if (!superblock_records)
      superblock_records = VG_(HT_construct)("cg.instr.records");
   record->key = base;
   record->chunks = NULL;
   record->groups = NULL;
   VG_(HT_add_node)(superblock_records, record);
   return record;
}

static void fold_record_fetches(superblock_record_t* record)
{
   event_group_t* group;
   for (group = record->groups; group; group = group->next)
      cg_events_fold_fetches(group);
}

void cg_instrument_fold_all_fetches(void)
{
   superblock_record_t* record;
   if (!superblock_records)
      return;
   VG_(HT_ResetIter)(superblock_records);
   while ((record = VG_(HT_Next)(superblock_records)))
      fold_record_fetches(record);
}

void cg_instrument_discard(Addr base)
{
   /* Superblocks translated while instrumentation was off have none. */
   superblock_record_t* record =
      superblock_records ? VG_(HT_remove)(superblock_records, base) : NULL;
   if (!record)
      return;
   fold_record_fetches(record);
   while (record->chunks) {
      memory_chunk_t* next = record->chunks->next;
      VG_(free)(record->chunks);
      record->chunks = next;
   }
   VG_(free)(record);
}

Int cg_instrument_live_superblocks(void)
{
   return superblock_records ? VG_(HT_count_nodes)(superblock_records) : 0;
}

/* ---- the walk ---- */

typedef struct {
   Bool is_fetch;     /* an instruction fetch; kind is then EV_FETCH */
   Bool simulate;     /* whether it is simulated when the group runs */
   event_kind_t kind;
   Int size;
   Int instr_index;   /* which instruction of the block */
   Addr instr_addr;
   line_cost_t* cost;
   IRExpr* value;     /* address, guard or target; NULL for fetches */
   Bool merged;       /* a read that already absorbed its write */
} pending_event_t;

typedef struct {
   IRSB* out;
   IRType word_type;
   superblock_record_t* record;
   pending_event_t queue[CG_MAX_GROUP_EVENTS];
   Int queued;
   /* The instruction being walked (instr_index < 0 before the first). */
   Int instr_index;
   Addr instr_addr;
   Int instr_len;
   line_cost_t* cost;
   /* The I1 line the previous fetch of this block touched last. */
   Bool have_prev_line;
   UWord prev_line;
} walk_t;

/* Emits the IR that adds one to COUNTER, a ULong in the tool's memory. */
static void add_inline_increment(walk_t* w, ULong* counter)
{
   IRExpr* addr = mkIRExpr_HWord((HWord)counter);
   IRTemp old = newIRTemp(w->out->tyenv, Ity_I64);
   IRTemp new = newIRTemp(w->out->tyenv, Ity_I64);
   addStmtToIRSB(w->out, IRStmt_WrTmp(old, IRExpr_Load(Iend_LE, Ity_I64, addr)));
   addStmtToIRSB(w->out, IRStmt_WrTmp(new, IRExpr_Binop(
      Iop_Add64, IRExpr_RdTmp(old), IRExpr_Const(IRConst_U64(1)))));
   addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, addr, IRExpr_RdTmp(new)));
}

/* Emits the IR that stores VALUE (a word, or a 1-bit guard, widened) into
 * the run-time value slot SLOT. */
static void add_value_store(walk_t* w, IRExpr* value, Int slot)
{
   if (typeOfIRExpr(w->out->tyenv, value) == Ity_I1) {
      IRTemp wide = newIRTemp(w->out->tyenv, w->word_type);
      addStmtToIRSB(w->out, IRStmt_WrTmp(wide, IRExpr_Unop(
         w->word_type == Ity_I64 ? Iop_1Uto64 : Iop_1Uto32, value)));
      value = IRExpr_RdTmp(wide);
   }
   addStmtToIRSB(w->out, IRStmt_Store(
      Iend_LE, mkIRExpr_HWord((HWord)&cg_event_values[slot]), value));
}

/* Turns the queued events into a group, and emits what runs it: a call of
 * cg_run_events() after storing the run-time values where it finds them,
 * or, when nothing needs simulating, just the count of runs. */
static void flush_events(walk_t* w)
{
   Int i, fetches = 0, simulated = 0, slot = 0;
   if (w->queued == 0)
      return;
   for (i = 0; i < w->queued; i++) {
      fetches += w->queue[i].is_fetch;
      simulated += w->queue[i].simulate;
   }
   event_group_t* group = record_alloc(
      w->record, sizeof(event_group_t) + simulated * sizeof(event_t));
   group->executions = 0;
   group->fetch_count = 0;
   group->event_count = 0;
   group->fetch_costs = record_alloc(w->record, fetches * sizeof(line_cost_t*));
   group->next = w->record->groups;
   w->record->groups = group;
   for (i = 0; i < w->queued; i++) {
      pending_event_t* p = &w->queue[i];
      if (p->is_fetch)
         group->fetch_costs[group->fetch_count++] = p->cost;
      if (!p->simulate)
         continue;
      event_t* ev = &group->events[group->event_count++];
      ev->kind = p->kind;
      ev->size = p->size;
      ev->instr_addr = p->instr_addr;
      ev->cost = p->cost;
      ev->value_slot = 0;
      if (p->value) {
         add_value_store(w, p->value, slot);
         ev->value_slot = slot++;
      }
   }
   if (group->event_count == 0) {
      add_inline_increment(w, &group->executions);
   } else {
      IRDirty* call = unsafeIRDirty_0_N(
         1, "cg_run_events", VG_(fnptr_to_fnentry)(&cg_run_events),
         mkIRExprVec_1(mkIRExpr_HWord((HWord)group)));
      addStmtToIRSB(w->out, IRStmt_Dirty(call));
   }
   w->queued = 0;
}

static void queue_event(walk_t* w, event_kind_t kind, Int size, IRExpr* value)
{
   if (w->queued == CG_MAX_GROUP_EVENTS)
      flush_events(w);
   pending_event_t* p = &w->queue[w->queued++];
   p->is_fetch = False;
   p->simulate = True;
   p->kind = kind;
   p->size = size;
   p->instr_index = w->instr_index;
   p->instr_addr = w->instr_addr;
   p->cost = w->cost;
   p->value = value;
   p->merged = False;
}

static void begin_instruction(walk_t* w, Addr addr, Int len)
{
   /* A length of 0 means the instruction could not be decoded. */
   if (len == 0)
      len = VG_MIN_INSTR_SZB;
   tl_assert((len >= VG_MIN_INSTR_SZB && len <= VG_MAX_INSTR_SZB)
             || len == VG_CLREQ_SZB);
   w->instr_index++;
   w->instr_addr = addr;
   w->instr_len = len;
   w->cost = cg_costs_for_instr(addr);

   queue_event(w, EV_FETCH, len, NULL);
   pending_event_t* fetch = &w->queue[w->queued - 1];
   fetch->is_fetch = True;
   if (!simulate_caches) {
      fetch->simulate = False;
      return;
   }
   UWord first_line = addr >> I1_line_bits;
   UWord last_line = (addr + len - 1) >> I1_line_bits;
   cg_costs_count_instr_kind(I1_line_is_LL_line && first_line == last_line);
   /* The previous instruction of this block ran just before this one, and
    * only data accesses came between: the line it fetched last is still
    * the most recently used of its set, so fetching within it hits and
    * changes nothing. */
   fetch->simulate = !(w->have_prev_line && first_line == last_line
                       && first_line == w->prev_line);
   w->have_prev_line = True;
   w->prev_line = last_line;
}

static void add_read(walk_t* w, Int size, IRExpr* addr)
{
   queue_event(w, EV_DR, size, addr);
}

static void add_write(walk_t* w, Int size, IRExpr* addr)
{
   /* A write right after a read of the same instruction, size and address
    * expression is a read-modify-write: counted as the read alone. */
   if (w->queued > 0) {
      pending_event_t* last = &w->queue[w->queued - 1];
      if (last->kind == EV_DR && !last->merged
          && last->instr_index == w->instr_index && last->size == size
          && eqIRAtom(last->value, addr)) {
         last->merged = True;
         return;
      }
   }
   queue_event(w, EV_DW, size, addr);
}

/* An access that happens only if GUARD holds gets a call of its own,
 * after everything queued before it. */
static void add_guarded(walk_t* w, event_kind_t kind, Int size, IRExpr* addr,
                        IRExpr* guard)
{
   flush_events(w);
   event_t* ev = record_alloc(w->record, sizeof *ev);
   ev->kind = kind;
   ev->size = size;
   ev->value_slot = 0;
   ev->instr_addr = w->instr_addr;
   ev->cost = w->cost;
   IRDirty* call = unsafeIRDirty_0_N(
      2, "cg_run_event", VG_(fnptr_to_fnentry)(&cg_run_event),
      mkIRExprVec_2(mkIRExpr_HWord((HWord)ev), addr));
   call->guard = guard;
   addStmtToIRSB(w->out, IRStmt_Dirty(call));
}

static Int capped_size(Int size)
{
   return size > min_line_size ? min_line_size : size;
}

static void walk_dirty(walk_t* w, const IRDirty* d)
{
   if (d->mFx == Ifx_None || !simulate_caches)
      return;
   /* Helpers such as fxsave declare huge areas; only the first line's
    * worth counts, so no access spans more than two lines. */
   tl_assert(d->mAddr != NULL && d->mSize > 0);
   Int size = capped_size(d->mSize);
   if (d->mFx == Ifx_Read || d->mFx == Ifx_Modify)
      add_read(w, size, d->mAddr);
   if (d->mFx == Ifx_Write || d->mFx == Ifx_Modify)
      add_write(w, size, d->mAddr);
}

static void walk_cas(walk_t* w, const IRCAS* cas)
{
   if (!simulate_caches)
      return;
   Int size = sizeofIRType(typeOfIRExpr(w->out->tyenv, cas->dataLo));
   if (cas->dataHi != NULL)
      size *= 2; /* a double-width compare-and-swap */
   size = capped_size(size);
   add_read(w, size, cas->addr);
   add_write(w, size, cas->addr);
}

static void walk_llsc(walk_t* w, const IRStmt* st)
{
   if (!simulate_caches)
      return;
   if (st->Ist.LLSC.storedata == NULL) {
      IRType type = typeOfIRTemp(w->out->tyenv, st->Ist.LLSC.result);
      add_read(w, sizeofIRType(type), st->Ist.LLSC.addr);
      flush_events(w);
   } else {
      /* Counted whether or not the store-conditional succeeds. */
      IRType type = typeOfIRExpr(w->out->tyenv, st->Ist.LLSC.storedata);
      add_write(w, sizeofIRType(type), st->Ist.LLSC.addr);
   }
}

/* A side exit is a conditional branch when it is an ordinary jump, call or
 * return; the taken-ness follows the architecture even when the front end
 * inverted the condition to jump to the fall-through address. */
static void walk_exit(walk_t* w, const IRStmt* st)
{
   IRJumpKind kind = st->Ist.Exit.jk;
   if (simulate_branches
       && (kind == Ijk_Boring || kind == Ijk_Call || kind == Ijk_Ret)) {
      const IRConst* dst = st->Ist.Exit.dst;
      Addr target = dst->tag == Ico_U64 ? (Addr)dst->Ico.U64 : (Addr)dst->Ico.U32;
      Addr next_instr = w->instr_addr + w->instr_len;
      queue_event(w, target == next_instr ? EV_BC_INVERTED : EV_BC, 0,
                  st->Ist.Exit.guard);
   }
   flush_events(w);
}

static void walk_statement(walk_t* w, IRStmt* st)
{
   IRTypeEnv* types = w->out->tyenv;
   switch (st->tag) {
   case Ist_NoOp:
   case Ist_AbiHint:
   case Ist_Put:
   case Ist_PutI:
   case Ist_MBE:
      break; /* no memory or control flow of the guest */
   case Ist_IMark:
      begin_instruction(w, (Addr)st->Ist.IMark.addr, (Int)st->Ist.IMark.len);
      break;
   case Ist_WrTmp:
      if (simulate_caches && st->Ist.WrTmp.data->tag == Iex_Load) {
         const IRExpr* load = st->Ist.WrTmp.data;
         add_read(w, sizeofIRType(load->Iex.Load.ty), load->Iex.Load.addr);
      }
      break;
   case Ist_Store:
      if (simulate_caches)
         add_write(w, sizeofIRType(typeOfIRExpr(types, st->Ist.Store.data)),
                   st->Ist.Store.addr);
      break;
   case Ist_StoreG:
      if (simulate_caches) {
         const IRStoreG* sg = st->Ist.StoreG.details;
         add_guarded(w, EV_DW, sizeofIRType(typeOfIRExpr(types, sg->data)),
                     sg->addr, sg->guard);
      }
      break;
   case Ist_LoadG:
      if (simulate_caches) {
         const IRLoadG* lg = st->Ist.LoadG.details;
         IRType loaded, widened;
         /* Counted at the width read from memory, not the widened one. */
         typeOfIRLoadGOp(lg->cvt, &widened, &loaded);
         add_guarded(w, EV_DR, sizeofIRType(loaded), lg->addr, lg->guard);
      }
      break;
   case Ist_Dirty:
      walk_dirty(w, st->Ist.Dirty.details);
      break;
   case Ist_CAS:
      walk_cas(w, st->Ist.CAS.details);
      break;
   case Ist_LLSC:
      walk_llsc(w, st);
      break;
   case Ist_Exit:
      walk_exit(w, st);
      break;
   default:
      ppIRStmt(st);
      VG_(tool_panic)("cachegrind: unexpected IR statement");
   }
}

IRSB* cg_instrument(VgCallbackClosure* closure, IRSB* sb_in,
                    const VexGuestLayout* layout,
                    const VexGuestExtents* extents,
                    const VexArchInfo* arch_info, IRType guest_word_type,
                    IRType host_word_type)
{
   Int i = 0;
   walk_t w;
   if (guest_word_type != host_word_type)
      VG_(tool_panic)("host/guest word size mismatch");

   w.out = deepCopyIRSBExceptStmts(sb_in);
   w.word_type = host_word_type;
   w.queued = 0;
   w.instr_index = -1;
   w.instr_addr = 0;
   w.instr_len = 0;
   w.cost = NULL;
   w.have_prev_line = False;
   w.prev_line = 0;

   /* The self-check preamble before the first instruction is not the
    * guest's work. */
   for (; i < sb_in->stmts_used && sb_in->stmts[i]->tag != Ist_IMark; i++)
      addStmtToIRSB(w.out, sb_in->stmts[i]);
   w.record = new_record(extents->base[0]);

   for (; i < sb_in->stmts_used; i++) {
      IRStmt* st = sb_in->stmts[i];
      walk_statement(&w, st);
      addStmtToIRSB(w.out, st);
   }

   /* A jump or call to a computed address is an indirect branch; returns
    * are not counted, and a constant target is a direct jump. */
   if (simulate_branches && w.instr_index >= 0
       && (sb_in->jumpkind == Ijk_Boring || sb_in->jumpkind == Ijk_Call)
       && sb_in->next->tag == Iex_RdTmp)
      queue_event(&w, EV_BI, 0, sb_in->next);
   flush_events(&w);
   return w.out;
}
