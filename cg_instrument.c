/* cg_instrument.c: the IR walk.  Statements in, events out.
 *
 * Every count the tool reports is defined on the optimised IR the core
 * hands over, not on machine code, so this walk follows the IR exactly:
 *
 *   IMark          one instruction fetch (Ir) of the instruction's length
 *   t = Load       a data read (Dr) of the loaded type's size
 *   Store          a data write (Dw) of the stored type's size
 *   LoadG, StoreG  a read or write counted only when its guard holds
 *   Dirty          its declared memory effect, capped at the smallest line,
 *                  then narrowed to 8 bits (see walk_dirty())
 *   CAS            a read then a write of the same location
 *   LLSC           a read (load-linked) or a write (store-conditional)
 *   Exit           a conditional branch (Bc), for a jump, call or return
 *                  (not a system call, client request or the like)
 *   end of block   an indirect branch (Bi), for non-constant targets
 *
 * Events wait in a queue of 16 and are turned into a group (see
 * cg_events.h for what runs a group) when the queue is full, at every Exit
 * (so that what happened before a side exit is counted when it is taken),
 * before every guarded access, after a load-linked and at the end of the
 * block.  Those flush points matter: a synchronous fault in the middle of
 * a block loses exactly the events queued since the last one.
 *
 * Consecutive data accesses of a group through one base address, within a
 * line's span, are tested together (see "runs of accesses through one
 * base").
 *
 * A write that directly follows a read of the same instruction, size and
 * address expression becomes part of that read: a read-modify-write is
 * counted once, as a read.
 *
 * What a group's code points to (the group, fetch sites, runs) is kept in
 * the superblock's record (cg_records.c); where the code may count with
 * an IR store instead of a call, cg_load_crossings.c works out.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_tooliface.h"
#include "cg_branchpred.h"
#include "cg_costs.h"
#include "cg_entries.h"
#include "cg_events.h"
#include "cg_instrument.h"
#include "cg_ir_propagate.h"
#include "cg_load_crossings.h"
#include "cg_records.h"
#include "cg_runs.h"
#include "cg_slots.h"

static Bool simulate_caches;
static Bool simulate_branches;
static Int  min_line_size;   /* the widest access a dirty helper counts */
static Int  I1_line_bits;
static Bool I1_line_is_LL_line;
/* An address in the tool's heap, where cost centres and run counters are
 * allocated: the counter base, kept in a slot of each thread's guest
 * state (see add_to_counter()). */
static UWord counter_base;

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
   /* Never freed: it marks where the heap is for the whole run. */
   counter_base = (UWord)VG_(malloc)("cg.instr.counter_base", sizeof(ULong));
}

void cg_instrument_thread_starts(ThreadId tid)
{
   cg_slot_write(tid, CG_SLOT_COUNTER_BASE, counter_base);
}

/* ---- the walk ---- */

/* The most events one group holds, as in the reference's queue: the
 * flush points decide which events a mid-block fault loses. */
#define CG_MAX_GROUP_EVENTS 16

/* How many temporaries used once the IR optimiser holds, not yet
 * computed, before it computes the oldest (found by instrumenting a block
 * with tests of growing length, see flush_events()). */
#define OPTIMISER_HELD_SLOTS 10

/* Room for an inline test of any length: where nothing that can fault is
 * pending, where the optimiser computes what it holds changes nothing. */
#define UNLIMITED_TEST_ROOM 0x7fffffff

typedef struct {
   event_kind_t kind;
   Int size;
   Int instr_index;   /* which instruction of the block */
   Addr instr_addr;
   line_cost_t* cost;
   IRExpr* value;     /* address, guard or target; NULL for fetches */
   Bool simulate;     /* for fetches: whether I1 may miss or change */
   Bool first_line_hits; /* for fetches across two lines: the first is
                            the line the previous instruction fetched */
   Bool merged;       /* a read that already absorbed its write */
   Bool pending_fault; /* something that can fault is pending where it
                          is queued: it joins no run (find_run()) */
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
   /* Where a store of ours would be exact: see cg_load_crossings.c. */
   Int stmt_index;          /* the input statement being walked */
   Bool stores_are_exact;   /* at the flush point being emitted */
   Int test_room;           /* there: how many statements an inline test
                               may add (flush_events()) */
   const UChar* load_crosses; /* per position: a pending load would move */
   Bool any_crossing;       /* a group's code lies where a load is pending:
                               VEX's own propagation after instrumentation
                               (see cg_ir_propagate.c) */
   const UChar* held;       /* per position: temporaries used once, pending */
   IRExpr* base_tmp;        /* the counter base, once read (add_to_counter()) */
   IRExpr* exit_guard;      /* the guard the exit being walked takes
                               instead of its own, or NULL (see
                               emit_inline_cond_branch()) */
   /* Per temporary of the input block: the temporary its value is a
    * constant offset from (itself if none) and that offset (see
    * find_base_offsets()). */
   const IRTemp* base_of;
   const Long* offset_of;
} walk_t;

/* ---- IR building, in the host's word size ---- */

static IRExpr* word_const(const walk_t* w, UWord value)
{
   return w->word_type == Ity_I64 ? IRExpr_Const(IRConst_U64(value))
                                   : IRExpr_Const(IRConst_U32((UInt)value));
}

/* The value of C, an address constant of either word size. */
static UWord word_const_value(const IRConst* c)
{
   return c->tag == Ico_U64 ? (UWord)c->Ico.U64 : (UWord)c->Ico.U32;
}

/* Binary operations on words: the 64-bit opcode, or its 32-bit twin. */
static IROp word_op(const walk_t* w, IROp op64)
{
   if (w->word_type == Ity_I64)
      return op64;
   switch (op64) {
   case Iop_Add64:   return Iop_Add32;
   case Iop_And64:   return Iop_And32;
   case Iop_Or64:    return Iop_Or32;
   case Iop_Xor64:   return Iop_Xor32;
   case Iop_Mul64:   return Iop_Mul32;
   case Iop_Shl64:   return Iop_Shl32;
   case Iop_Shr64:   return Iop_Shr32;
   case Iop_Sub64:   return Iop_Sub32;
   case Iop_CmpNE64: return Iop_CmpNE32;
   case Iop_CmpLE64U: return Iop_CmpLE32U;
   case Iop_1Uto64:  return Iop_1Uto32;
   default: tl_assert(0);
   }
}

/* Binds EXPR to a new temporary (flat IR wants atoms everywhere). */
static IRExpr* assign(walk_t* w, IRType type, IRExpr* expr)
{
   IRTemp t = newIRTemp(w->out->tyenv, type);
   addStmtToIRSB(w->out, IRStmt_WrTmp(t, expr));
   return IRExpr_RdTmp(t);
}

static IRExpr* word_binop(walk_t* w, IROp op64, IRExpr* a, IRExpr* b)
{
   IRType type = op64 == Iop_CmpNE64 ? Ity_I1 : w->word_type;
   return assign(w, type, IRExpr_Binop(word_op(w, op64), a, b));
}

/* ---- the most-recently-used test, inline ---- */

/* The address of the first (most recently used) tag of the set of the
 * line holding ADDR.  Tags are line addresses and each set of the inline
 * tested caches starts a row one line long (see cg_sim_init()), so the
 * set's byte offset in the tag array is ADDR's set bits, masked in
 * place. */
static IRExpr* mru_slot(walk_t* w, const cache_sim_t* cache, IRExpr* addr)
{
   UWord set_bits = cache->set_mask << cache->line_bits;
   if (addr->tag == Iex_Const) {
      /* A global's address, known now: nothing after would fold it (see
       * cg_ir_propagate.c). */
      UWord known = word_const_value(addr->Iex.Const.con);
      return word_const(w, (known & set_bits) + (UWord)cache->tags);
   }
   IRExpr* offset = word_binop(w, Iop_And64, addr, word_const(w, set_bits));
   return word_binop(w, Iop_Add64, offset, word_const(w, (UWord)cache->tags));
}

/* ADDR's offset from the most recently used line of its set in CACHE, as
 * an unsigned number: the tag is the line's address, so the offset is
 * below the line size exactly when the byte at ADDR lies in that line
 * (below the tag it wraps around to a huge number). */
static IRExpr* mru_offset(walk_t* w, const cache_sim_t* cache, IRExpr* addr)
{
   IRExpr* tag = IRExpr_Load(Iend_LE, w->word_type, mru_slot(w, cache, addr));
   return word_binop(w, Iop_Sub64, addr, assign(w, w->word_type, tag));
}

/* A 1-bit expression that is true when OFFSET, as an unsigned number, is
 * above LIMIT. */
static IRExpr* above(walk_t* w, IRExpr* offset, UWord limit)
{
   IRExpr* within = assign(
       w, Ity_I1,
       IRExpr_Binop(word_op(w, Iop_CmpLE64U), offset, word_const(w, limit)));
   return assign(w, Ity_I1, IRExpr_Unop(Iop_Not1, within));
}

/* A 1-bit expression that is true unless the access of SIZE bytes at ADDR
 * lies in one line that is the most recently used of its set in CACHE:
 * only then can the simulation be skipped.  It does exactly when ADDR's
 * offset from that line (above) is at most the line size minus SIZE.  One
 * subtraction and one comparison, for any size and alignment: a
 * misaligned access within one line is settled inline too. */
static IRExpr* mru_miss_guard(walk_t* w, const cache_sim_t* cache,
                              IRExpr* addr, Int size)
{
   UWord last_start = ((UWord)1 << cache->line_bits) - (UWord)size;
   return above(w, mru_offset(w, cache, addr), last_start);
}

/* The same for a span of at most a line, from the byte at FIRST to the
 * last byte of the access of LAST_SIZE bytes at LAST: true unless the
 * span's first and last bytes each lie in the most recently used line of
 * its set.  Every byte of the span lies in one of those (at most two)
 * lines, so that every access within the span then changes nothing.  The
 * two offsets are both below the line size exactly when their bitwise or
 * is (the line size is a power of two): one comparison for both, where
 * two comparisons, each flag set in a register, and their or took five
 * host instructions more. */
static IRExpr* span_mru_miss_guard(walk_t* w, const cache_sim_t* cache,
                                   IRExpr* first, IRExpr* last, Int last_size)
{
   UWord line_size = (UWord)1 << cache->line_bits;
   IRExpr* last_byte = last_size == 1
      ? last
      : word_binop(w, Iop_Add64, last, word_const(w, (UWord)(last_size - 1)));
   IRExpr* offsets = word_binop(w, Iop_Or64, mru_offset(w, cache, first),
                                mru_offset(w, cache, last_byte));
   return above(w, offsets, line_size - 1);
}

/* The most recently used tag of the set of LINE_ADDR in CACHE. */
static IRExpr* line_mru_tag(walk_t* w, const cache_sim_t* cache,
                            Addr line_addr)
{
   const UWord* slot = cg_sim_set_of(cache, line_addr);
   return assign(w, w->word_type, IRExpr_Load(Iend_LE, w->word_type,
                                              mkIRExpr_HWord((HWord)slot)));
}

/* A 1-bit expression that is true unless the line at LINE_ADDR is the
 * most recently used of its set in CACHE. */
static IRExpr* line_mru_miss_guard(walk_t* w, const cache_sim_t* cache,
                                   Addr line_addr)
{
   return word_binop(w, Iop_CmpNE64, line_mru_tag(w, cache, line_addr),
                     word_const(w, line_addr));
}

/* The same test for fetch P, whose address is known now, or NULL when the
 * fetch must always be simulated.  A fetch across two lines changes
 * nothing if both are the most recently used of their (different) sets;
 * when the first is the line the previous instruction fetched, it is, and
 * only the second needs the test.  Otherwise each tag is xor-ed with its
 * line, and the two results or-ed are zero exactly when both tags match:
 * one comparison, where two, each flag set in a register, took more host
 * instructions. */
static IRExpr* fetch_mru_miss_guard(walk_t* w, const cache_sim_t* cache,
                                    const pending_event_t* p)
{
   Addr first = cg_sim_line_of(cache, p->instr_addr);
   Addr last = cg_sim_line_of(cache, p->instr_addr + p->size - 1);
   if (first == last)
      return line_mru_miss_guard(w, cache, first);
   if (cg_sim_set_of(cache, first) == cg_sim_set_of(cache, last))
      return NULL;
   if (p->first_line_hits)
      return line_mru_miss_guard(w, cache, last);
   IRExpr* first_differs = word_binop(
       w, Iop_Xor64, line_mru_tag(w, cache, first), word_const(w, first));
   IRExpr* last_differs = word_binop(w, Iop_Xor64, line_mru_tag(w, cache, last),
                                     word_const(w, last));
   return word_binop(w, Iop_CmpNE64,
                     word_binop(w, Iop_Or64, first_differs, last_differs),
                     word_const(w, 0));
}

/* GUARD, an inline test whose statements were added from statement MARK
 * of the output on, if they fit in the room the flush point leaves for
 * them (see flush_events()); else NULL, those statements taken back: the
 * call is then made without a test, which changes no count (the slow
 * paths settle a hit in the most recently used line too). */
static IRExpr* guard_if_room(walk_t* w, Int mark, IRExpr* guard)
{
   if (w->out->stmts_used - mark <= w->test_room)
      return guard;
   w->out->stmts_used = mark;
   return NULL;
}

/* Calls HELPER (regparm, ARGS arguments) when GUARD holds (always if it is
 * NULL).  The call declares no memory effect: a declared one would make
 * the IR optimiser compute pending guest loads (and divisions fed by them)
 * before the call instead of at their use, and a fault in one of them
 * would then lose counts that the reference keeps (see
 * cg_load_crossings.c).  Nothing is lost by not declaring: the tags the
 * helpers change are only ever read by later inline tests, which stay in
 * order.  The call is returned for the caller to declare what it does
 * to the guest state, if anything. */
static IRDirty* add_helper_call(walk_t* w, const HChar* name, void* helper,
                                IRExpr** args, Int regparms, IRExpr* guard)
{
   IRDirty* call =
       unsafeIRDirty_0_N(regparms, name, VG_(fnptr_to_fnentry)(helper), args);
   if (guard)
      call->guard = guard;
   addStmtToIRSB(w->out, IRStmt_Dirty(call));
   return call;
}

/* ---- event groups ---- */

static IRExpr* size_const(Int size)
{
   return mkIRExpr_HWord((HWord)size);
}

static IRExpr* cost_const(const pending_event_t* p)
{
   return mkIRExpr_HWord((HWord)p->cost);
}

static IRExpr* instr_addr_const(const pending_event_t* p)
{
   return mkIRExpr_HWord((HWord)p->instr_addr);
}

/* Emits the inline test and slow-path call of a data access: through its
 * entry point, which passes the cost centre and size (see cg_entries.h),
 * or with them as arguments. */
static void emit_data_access(walk_t* w, const pending_event_t* p)
{
   Bool read = p->kind == EV_DR;
   Int mark = w->out->stmts_used;
   IRExpr* guard = guard_if_room(
      w, mark, mru_miss_guard(w, cg_events_D1(), p->value, p->size));
   void* entry = cg_entry_for_data(p->cost, !read, p->size);
   if (entry != NULL)
      add_helper_call(w, read ? "cg_read_entry" : "cg_write_entry", entry,
                      mkIRExprVec_1(p->value), 1, guard);
   else
      add_helper_call(
          w, read ? "cg_read_slow" : "cg_write_slow",
          read ? (void*)cg_read_slow : (void*)cg_write_slow,
          mkIRExprVec_3(cost_const(p), p->value, size_const(p->size)), 3,
          guard);
}

/* The fetch site of P (see fetch_site_t), in the superblock's record. */
static IRExpr* fetch_site(walk_t* w, const pending_event_t* p)
{
   fetch_site_t* site = cg_record_alloc(w->record, sizeof *site);
   site->cost = p->cost;
   site->addr = p->instr_addr;
   site->size = (UWord)p->size;
   return mkIRExpr_HWord((HWord)site);
}

/* The same for a fetch within the I1 line LINE (see fetch_line_site_t):
 * its helper starts at the set lookup, with no line or set to work out
 * (sqlite3 -3 %, python3 -4 %). */
static IRExpr* fetch_line_site(walk_t* w, const pending_event_t* p, Addr line)
{
   const cache_sim_t* I1 = cg_events_I1();
   fetch_line_site_t* site = cg_record_alloc(w->record, sizeof *site);
   site->cost = p->cost;
   site->line = line;
   site->set = cg_sim_set_of(I1, line);
   return mkIRExpr_HWord((HWord)site);
}

/* The same for a fetch across the I1 line LINE and the next (see
 * fetch_two_lines_site_t). */
static IRExpr* fetch_two_lines_site(walk_t* w, const pending_event_t* p,
                                    Addr line)
{
   const cache_sim_t* I1 = cg_events_I1();
   fetch_two_lines_site_t* site = cg_record_alloc(w->record, sizeof *site);
   site->cost = p->cost;
   site->line = line;
   site->first_set = cg_sim_set_of(I1, line);
   site->last_set = cg_sim_set_of(I1, line + ((Addr)1 << I1->line_bits));
   return mkIRExpr_HWord((HWord)site);
}

/* How many I1 lines the fetch P may be simulated from (1 or 2, see
 * fetch_line_site_t and fetch_two_lines_site_t), the first put in *LINE;
 * or 0 if it is to be simulated from its address. */
static Int fetch_site_lines(const pending_event_t* p, Addr* line)
{
   const cache_sim_t* I1 = cg_events_I1();
   if (!cg_events_fetch_line_ok())
      return 0;
   *line = cg_sim_line_of(I1, p->instr_addr);
   return *line == cg_sim_line_of(I1, p->instr_addr + p->size - 1) ? 1 : 2;
}

/* Emits the inline test and slow-path call of a fetch. */
static void emit_fetch(walk_t* w, const pending_event_t* p)
{
   Int mark = w->out->stmts_used;
   IRExpr* guard = guard_if_room(w, mark,
                                 fetch_mru_miss_guard(w, cg_events_I1(), p));
   const fetch_line_helpers_t* helpers = cg_events_fetch_line_helpers();
   Addr line;
   switch (fetch_site_lines(p, &line)) {
   case 1:
      add_helper_call(w, helpers->fetch_line.name, helpers->fetch_line.address,
                      mkIRExprVec_1(fetch_line_site(w, p, line)), 1, guard);
      break;
   case 2:
      add_helper_call(
          w, helpers->fetch_two_lines.name, helpers->fetch_two_lines.address,
          mkIRExprVec_1(fetch_two_lines_site(w, p, line)), 1, guard);
      break;
   default:
      add_helper_call(w, "cg_fetch_slow", cg_fetch_slow,
                      mkIRExprVec_1(fetch_site(w, p)), 1, guard);
      break;
   }
}

/* ---- the branch predictors, inline ----
 *
 * Where IR stores of ours are exact (see cg_load_crossings.c),
 * a branch updates the predictors of cg_branchpred.c and its line's
 * mispredict count with inline IR instead of a call: the same tables, the
 * same index, the same arithmetic.  Only branches touch the predictors,
 * and the inline updates stay in program order with the calls elsewhere,
 * so every branch sees the state the call would have seen.  64-bit hosts
 * only (the history and counts are 64-bit words).  The history is read
 * and written in the running thread's guest state (see cg_branchpred.c),
 * as the calls do too.
 *
 * The conditional predictor's update is 13 host instructions, more
 * than twice a call's set-up, and translations are kept: with the caches
 * simulated too it costs python3 about 2 MB more (4 % of the installed
 * tool's peak), and saves sqlite3 12 % of its time.  The predictor's
 * state is laid out for it (see cg_branchpred.c): the history is the low
 * half of the counter index, a counter is stored as the offset of its
 * transitions, and the outcome, unshifted, serves the history, the
 * transition's offset and the exit's test.  That layout and the exit's
 * test (see emit_inline_cond_branch()) made each branch 5 host
 * instructions and 28 bytes shorter (16 and 83 with the setting of the
 * outcome and the exit's test): with --cache-sim=no --branch-sim=yes
 * python3 3.8 % faster, branchy 2.6 %, the matrix 1 % (medians of 21
 * paired runs; on this host such medians of one build against itself, 9
 * to 15 pairs, came out 0.96 to 1.04). */

static IRExpr* const64(ULong value)
{
   return IRExpr_Const(IRConst_U64(value));
}

static IRExpr* binop64(walk_t* w, IROp op, IRExpr* a, IRExpr* b)
{
   return assign(w, Ity_I64, IRExpr_Binop(op, a, b));
}

/* 1 if A and B differ, else 0, as a 64-bit value. */
static IRExpr* differs64(walk_t* w, IRExpr* a, IRExpr* b)
{
   IRExpr* bit = assign(w, Ity_I1, IRExpr_Binop(Iop_CmpNE64, a, b));
   return assign(w, Ity_I64, IRExpr_Unop(Iop_1Uto64, bit));
}

/* *COUNTER += VALUE, for a 64-bit counter (of a cost centre or a
 * group's runs).  The counters lie in the tool's heap, at 64-bit
 * addresses, and the load and the store of the add would each load the
 * address into a register first.  Where COUNTER lies within 2 GB of the
 * counter base (see cg_instrument_thread_starts()), its address is the
 * base, read from the guest state, plus a 32-bit displacement instead:
 * four short instructions in place of five with two of ten bytes
 * (sqlite3 with --cache-sim=no --branch-sim=yes 2-4 % faster). */
static void add_to_counter(walk_t* w, ULong* counter, IRExpr* value)
{
   Long distance = (Long)((UWord)counter - counter_base);
   IRExpr *load_addr, *store_addr;
   if (distance == (Long)(Int)distance) {
      /* Each sum, used once, becomes its access's displacement.  The base
       * is read once per superblock, a temporary that its later counters
       * share (python3 2.6 % faster by default, 1.2 % with --cache-sim=no
       * --branch-sim=yes). */
      if (!w->base_tmp)
         w->base_tmp = assign(w, Ity_I64, IRExpr_Get(
            CG_SLOT_OFFSET(CG_SLOT_COUNTER_BASE), Ity_I64));
      load_addr = binop64(w, Iop_Add64, w->base_tmp, const64((ULong)distance));
      store_addr = binop64(w, Iop_Add64, w->base_tmp, const64((ULong)distance));
   } else {
      load_addr = store_addr = mkIRExpr_HWord((HWord)counter);
   }
   IRExpr* old = assign(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, load_addr));
   addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, store_addr,
                                      binop64(w, Iop_Add64, old, value)));
}

static void emit_inline_cond_branch(walk_t* w, const pending_event_t* p)
{
   const cg_branchpred_state_t* bp = cg_branchpred_state();
   IRExpr* outcome = p->value;
   if (p->kind == EV_BC_INVERTED)
      outcome = assign(w, Ity_I1, IRExpr_Unop(Iop_Not1, outcome));
   IRExpr* taken = assign(w, Ity_I64, IRExpr_Unop(Iop_1Uto64, outcome));
   const Int history_offset = CG_SLOT_OFFSET(CG_SLOT_BRANCH_HISTORY);
   IRExpr* history = assign(w, Ity_I64, IRExpr_Get(history_offset, Ity_I64));
   /* The counter's address: the history, plus the table and the address
    * bits' part of the index, known now. */
   UWord addr_part = (p->instr_addr & ((1u << bp->cond_addr_bits) - 1))
                     << bp->cond_history_bits;
   IRExpr* slot = binop64(w, Iop_Add64, history,
                          const64((HWord)bp->cond_counters + addr_part));
   IRExpr* counter = assign(
       w, Ity_I64,
       IRExpr_Unop(Iop_8Uto64,
                   assign(w, Ity_I8, IRExpr_Load(Iend_LE, Ity_I8, slot))));
   /* The history takes the outcome first, as in the function. */
   IRExpr* shifted = assign(w, Ity_I64, IRExpr_Binop(Iop_Shl64, history,
                            IRExpr_Const(IRConst_U8(1))));
   addStmtToIRSB(w->out, IRStmt_Put(history_offset,
      binop64(w, Iop_And64, binop64(w, Iop_Or64, shifted, taken),
              const64((1u << bp->cond_history_bits) - 1))));
   /* The transition, at the stored counter plus the outcome times 8: the
    * counter's next value (low byte) and the misprediction (next byte). */
   IRExpr* taken_offset = assign(w, Ity_I64, IRExpr_Binop(Iop_Shl64, taken,
                                 IRExpr_Const(IRConst_U8(3))));
   IRExpr* entry = binop64(w, Iop_Add64,
                           binop64(w, Iop_Add64, counter, taken_offset),
                           const64((HWord)bp->cond_transitions));
   IRExpr* transition = assign(w, Ity_I64,
                               IRExpr_Load(Iend_LE, Ity_I64, entry));
   addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, slot,
                 assign(w, Ity_I8, IRExpr_Unop(Iop_64to8, transition))));
   add_to_counter(w, &p->cost->Bcm, assign(w, Ity_I64, IRExpr_Binop(Iop_Shr64,
                  transition, IRExpr_Const(IRConst_U8(8)))));
   /* The exit tests the outcome instead of its guard, which is then used
    * once, by the outcome's conversion, and folded into it: the guest's
    * comparison sets the outcome's register directly.  Tested twice, the
    * guard was first set in a register of its own and tested again for
    * each use: three instructions and 21 bytes more per branch.  No load or
    * division can be folded with it: none is pending across the exit
    * where the update is inline (flush_events()). */
   w->exit_guard = assign(
       w, Ity_I1,
       IRExpr_Binop(p->kind == EV_BC_INVERTED ? Iop_CmpEQ64 : Iop_CmpNE64,
                    taken, const64(0)));
}

static void emit_inline_ind_branch(walk_t* w, const pending_event_t* p)
{
   const cg_branchpred_state_t* bp = cg_branchpred_state();
   Addr* entry = &bp->last_targets[p->instr_addr & (bp->ind_table_size - 1)];
   IRExpr* entry_addr = mkIRExpr_HWord((HWord)entry);
   IRExpr* stored =
       assign(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, entry_addr));
   addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, entry_addr, p->value));
   add_to_counter(w, &p->cost->Bim, differs64(w, stored, p->value));
}

/* A conditional branch updated by its helper, which reads and writes the
 * history in the guest state.  The call says so: the IR checker refuses a
 * call given the guest state pointer that declares no guest state effect
 * (every such call on x86, where no branch is inline, stopped the run),
 * and the optimiser then keeps the inline updates' Gets and Puts of the
 * history in order with the call. */
static void emit_cond_branch_call(walk_t* w, const pending_event_t* p)
{
   Bool inverted = p->kind == EV_BC_INVERTED;
   IRExpr* guard = assign(w, w->word_type,
                          IRExpr_Unop(word_op(w, Iop_1Uto64), p->value));
   IRDirty* call = add_helper_call(
      w, inverted ? "cg_branch_cond_inverted" : "cg_branch_cond",
      inverted ? (void*)cg_branch_cond_inverted : (void*)cg_branch_cond,
      mkIRExprVec_4(cost_const(p), instr_addr_const(p), guard, IRExpr_GSPTR()),
      3, NULL);
   call->nFxState = 1;
   call->fxState[0].fx = Ifx_Modify;
   call->fxState[0].offset = CG_SLOT_OFFSET(CG_SLOT_BRANCH_HISTORY);
   call->fxState[0].size = sizeof(UWord);
   call->fxState[0].nRepeats = 0;
   call->fxState[0].repeatLen = 0;
}

/* Emits what one queued event does when its group runs. */
static void emit_event(walk_t* w, const pending_event_t* p)
{
   switch (p->kind) {
   case EV_FETCH:
      if (p->simulate)
         emit_fetch(w, p);
      return;
   case EV_DR:
   case EV_DW:
      emit_data_access(w, p);
      return;
   case EV_BC:
   case EV_BC_INVERTED:
      if (w->stores_are_exact) {
         emit_inline_cond_branch(w, p);
         return;
      }
      emit_cond_branch_call(w, p);
      return;
   case EV_BI:
      if (w->stores_are_exact) {
         emit_inline_ind_branch(w, p);
         return;
      }
      add_helper_call(
          w, "cg_branch_ind", cg_branch_ind,
          mkIRExprVec_3(cost_const(p), instr_addr_const(p), p->value), 3, NULL);
      return;
   }
}

/* ---- runs of accesses through one base ----
 *
 * Compiled code reaches its stack frame and its structures through one
 * register and small constant offsets, and the IR names each such address
 * as one temporary plus a constant.  Data accesses of a group that follow
 * one another, with no simulated fetch between them, through one base
 * temporary, all within a span no longer than a D1 line, lie in at most
 * two lines: the line of the span's first byte and that of its last.  If
 * both are the most recently used of their sets before the run, every
 * access of the run hits one of them, changes nothing and misses nothing,
 * whatever the order; nothing else touches D1 in between (fetches go to
 * I1, and hits go nowhere else).  So the run gets two inline tests, the
 * first byte's line and the line of the access that ends the span (one,
 * when that access starts the span too), and one call, which simulates
 * the accesses in order; a fetch simulated between them would have to
 * reach the LL between two of the accesses, and ends the run.  A span
 * that crosses lines still takes the call only when a line is not the
 * most recently used; the branches among the run's events are updated
 * after it, in their own order.
 *
 * Against the accesses tested one by one, a run of three or more saves
 * tests and calls' sites both, and a run of two saves one call's site,
 * the taken branch that jumps over it on the fast path, which costs most
 * in large code: sqlite3 6 to 9 % faster (5 % with --branch-sim=yes);
 * python3, xz, branchy and the matrix within the noise, xz between 4 %
 * faster and 5 % slower over several measurements (paired medians on the
 * Zen 4 host of docs/performance.md). */

static IRTemp* base_of_tmp;
static Long* offset_of_tmp;
static Int base_offset_capacity;

/* The constant of E if it is one of the host's word size that a run may
 * use as an offset (a small one: an address constant is no offset). */
static Bool small_word_const(const walk_t* w, const IRExpr* e, Long* value)
{
   if (e->tag != Iex_Const)
      return False;
   const IRConst* c = e->Iex.Const.con;
   if (w->word_type == Ity_I64 && c->tag == Ico_U64)
      *value = (Long)c->Ico.U64;
   else if (w->word_type == Ity_I32 && c->tag == Ico_U32)
      *value = (Int)c->Ico.U32;
   else
      return False;
   return *value >= -0x10000 && *value <= 0x10000;
}

/* Fills w->base_of and w->offset_of for SB: a temporary defined as
 * another plus or minus a small constant has that one's base, and its
 * offset plus or minus the constant. */
static void find_base_offsets(walk_t* w, const IRSB* sb)
{
   Int temps = sb->tyenv->types_used, i;
   if (temps > base_offset_capacity) {
      base_offset_capacity = 2 * temps;
      base_of_tmp = VG_(realloc)("cg.instr.base_of", base_of_tmp,
                                 base_offset_capacity * sizeof *base_of_tmp);
      offset_of_tmp =
          VG_(realloc)("cg.instr.offset_of", offset_of_tmp,
                       base_offset_capacity * sizeof *offset_of_tmp);
   }
   for (i = 0; i < temps; i++) {
      base_of_tmp[i] = (IRTemp)i;
      offset_of_tmp[i] = 0;
   }
   for (i = 0; i < sb->stmts_used; i++) {
      const IRStmt* st = sb->stmts[i];
      Long c;
      if (st->tag != Ist_WrTmp)
         continue;
      const IRExpr* e = st->Ist.WrTmp.data;
      if (e->tag != Iex_Binop || e->Iex.Binop.arg1->tag != Iex_RdTmp
          || !small_word_const(w, e->Iex.Binop.arg2, &c))
         continue;
      IROp op = e->Iex.Binop.op;
      if (op == word_op(w, Iop_Sub64))
         c = -c;
      else if (op != word_op(w, Iop_Add64))
         continue;
      IRTemp from = e->Iex.Binop.arg1->Iex.RdTmp.tmp;
      base_of_tmp[st->Ist.WrTmp.tmp] = base_of_tmp[from];
      offset_of_tmp[st->Ist.WrTmp.tmp] = offset_of_tmp[from] + c;
   }
   w->base_of = base_of_tmp;
   w->offset_of = offset_of_tmp;
}

static Bool is_data_access(const pending_event_t* p)
{
   return p->kind == EV_DR || p->kind == EV_DW;
}

/* The base temporary and offset of data access P, if its address is a
 * temporary. */
static Bool base_and_offset(const walk_t* w, const pending_event_t* p,
                            IRTemp* base, Long* offset)
{
   if (p->value->tag != Iex_RdTmp)
      return False;
   *base = w->base_of[p->value->Iex.RdTmp.tmp];
   *offset = w->offset_of[p->value->Iex.RdTmp.tmp];
   return True;
}

/* The offset from its base of data access P, a member of a run. */
static Long run_member_offset(const walk_t* w, const pending_event_t* p)
{
   IRTemp base;
   Long offset;
   Bool has_base = base_and_offset(w, p, &base, &offset);
   tl_assert(has_base);
   return offset;
}

/* A run starting at queued event FIRST. */
typedef struct {
   Int end;         /* the queue position after its last access */
   Int accesses;
   Int first_byte;  /* the access at the span's first byte */
   Int last_byte;   /* the access that ends the span */
} run_t;

/* The longest run that starts at FIRST (see above); one access if no
 * other joins it.  An access queued where something that can fault is
 * pending joins none: a run's call takes its first address only, leaving
 * the others' address temporaries used once, each held by the IR
 * optimiser besides its read, where the reference's calls take every
 * address; those entries more could push the pending value off the
 * optimiser's table, computed before the group's calls (see
 * cg_load_crossings.c). */
static run_t find_run(const walk_t* w, Int first)
{
   run_t run = {first + 1, 1, first, first};
   const pending_event_t* p = &w->queue[first];
   IRTemp base, other_base;
   Long start, end, offset;
   Long line_size = (Long)1 << cg_events_D1()->line_bits;
   Int i;
   if (!is_data_access(p) || p->pending_fault ||
       !base_and_offset(w, p, &base, &start))
      return run;
   end = start + p->size;
   for (i = first + 1; i < w->queued; i++) {
      const pending_event_t* q = &w->queue[i];
      if (q->kind == EV_FETCH && q->simulate)
         break;
      if (!is_data_access(q))
         continue; /* branches, and fetches known to hit */
      if (q->pending_fault ||
          !base_and_offset(w, q, &other_base, &offset) || other_base != base)
         break;
      Long new_start = offset < start ? offset : start;
      Long new_end = offset + q->size > end ? offset + q->size : end;
      if (new_end - new_start > line_size)
         break;
      if (offset < start)
         run.first_byte = i;
      if (offset + q->size > end)
         run.last_byte = i;
      start = new_start;
      end = new_end;
      run.accesses++;
      run.end = i + 1;
   }
   return run;
}

/* Emits the inline tests and slow-path call of RUN, which starts at
 * queued event FIRST, then the updates of the branches among its
 * events. */
static void emit_run(walk_t* w, Int first, const run_t* run)
{
   const pending_event_t* first_byte = &w->queue[run->first_byte];
   const pending_event_t* last_byte = &w->queue[run->last_byte];
   Long start = run_member_offset(w, first_byte);
   Int i;
   data_run_t* record = cg_record_alloc(
      w->record, sizeof *record + run->accesses * sizeof(run_access_t));
   record->count = 0;
   for (i = first; i < run->end; i++) {
      const pending_event_t* q = &w->queue[i];
      if (!is_data_access(q))
         continue;
      run_access_t* a = &record->access[record->count++];
      a->cost = q->cost;
      a->offset = (Int)(run_member_offset(w, q) - start);
      a->size = (UShort)q->size;
      a->write = q->kind == EV_DW;
   }
   const cache_sim_t* D1 = cg_events_D1();
   /* One access spanning the run is tested as such; otherwise the
    * span's two ends are. */
   Int mark = w->out->stmts_used;
   IRExpr* guard = guard_if_room(
      w, mark,
      run->last_byte == run->first_byte
         ? mru_miss_guard(w, D1, last_byte->value, last_byte->size)
         : span_mru_miss_guard(w, D1, first_byte->value, last_byte->value,
                               last_byte->size));
   const helper_t* helper = cg_events_run_slow_helper();
   add_helper_call(w, helper->name, helper->address,
                   mkIRExprVec_2(first_byte->value,
                                 mkIRExpr_HWord((HWord)record)),
                   2, guard);
   for (i = first; i < run->end; i++)
      if (!is_data_access(&w->queue[i]))
         emit_event(w, &w->queue[i]);
}

/* Adds event P to the counters of GROUP: to its last entry when P is
 * charged to the same line, else to a new entry. */
static void count_in_group(event_group_t* group, const pending_event_t* p)
{
   counted_t* c = group->counted_count > 0
                     ? &group->counted[group->counted_count - 1] : NULL;
   if (!c || c->cost != p->cost) {
      c = &group->counted[group->counted_count++];
      c->cost = p->cost;
      c->fetches = c->reads = c->writes = 0;
      c->cond_branches = c->ind_branches = 0;
   }
   switch (p->kind) {
   case EV_FETCH:       c->fetches++; break;
   case EV_DR:          c->reads++; break;
   case EV_DW:          c->writes++; break;
   case EV_BC:
   case EV_BC_INVERTED: c->cond_branches++; break;
   case EV_BI:          c->ind_branches++; break;
   }
}

/* Turns the queued events into a group, and emits what runs it: a call
 * that counts the run (and simulates the group's first event when it is a
 * fetch, from its site, with no inline test: the call is made anyway),
 * then each later event's inline test (if any, see below) and helper
 * call, in order (a run of data accesses through one base with one test
 * of its two lines and one call, see above). */
static void flush_events(walk_t* w)
{
   Int i, distinct = 1;
   if (w->queued == 0)
      return;
   for (i = 1; i < w->queued; i++)
      distinct += w->queue[i].cost != w->queue[i - 1].cost;
   event_group_t* group = cg_record_alloc(
      w->record, sizeof(event_group_t) + distinct * sizeof(counted_t));
   group->runs = cg_runs_new_counter();
   group->counted_count = 0;
   cg_record_add_group(w->record, group);
   for (i = 0; i < w->queued; i++)
      count_in_group(group, &w->queue[i]);
   tl_assert(group->counted_count == (UInt)distinct);

   const pending_event_t* first = &w->queue[0];
   /* Where a load or division that can fault is pending across this
    * point, an inline test must not make the IR optimiser compute it
    * here, before the calls that simulate the group's events: a fault
    * would then skip their simulation, the events counted but their
    * misses lost, where the reference has simulated them all.  The
    * optimiser holds each temporary used once, not yet computed, in a
    * table of OPTIMISER_HELD_SLOTS entries from its definition to its
    * use.  Each new one goes in front and pushes the others one entry
    * along, and the entries its uses free are closed up only at a
    * statement that defines no such temporary, such as a call; one
    * pushed off the end is computed where it falls off.  A test's
    * temporaries are each used once, so a test of N statements pushes
    * the pending values held here N entries along (seen: a division
    * whose divisor it read, pushed off by the eleven of a span test).  So a
    * test is kept only where the temporaries held here (counted on the
    * input block: the tool's propagation only ever removes some) leave
    * room for all of its statements; otherwise its call is made without
    * one.  A conditional branch's call takes one temporary of ours, as
    * the reference's does.  (tests/workloads/fault-window.c shows both
    * sides of the limit.) */
   Bool crossing = w->load_crosses[w->stmt_index];
   Int held = w->held[w->stmt_index];
   w->any_crossing |= crossing;
   w->test_room = !crossing ? UNLIMITED_TEST_ROOM
                  : held < OPTIMISER_HELD_SLOTS
                      ? OPTIMISER_HELD_SLOTS - 1 - held
                      : 0;
   w->stores_are_exact = w->word_type == Ity_I64 && !crossing;
   if (w->stores_are_exact) {
      /* No load can move across a store here: count the run inline, with
       * no call.  Every event, the first fetch too, then has its own
       * inline test. */
      add_to_counter(w, group->runs, const64(1));
      i = 0;
   } else if (first->kind == EV_FETCH && first->simulate) {
      Addr line;
      IRExpr* group_arg = mkIRExpr_HWord((HWord)group);
      const helper_t* run_group =
         &cg_events_fetch_line_helpers()->run_group_fetch_line;
      if (fetch_site_lines(first, &line) == 1)
         add_helper_call(w, run_group->name, run_group->address,
                         mkIRExprVec_2(group_arg,
                                       fetch_line_site(w, first, line)),
                         2, NULL);
      else
         add_helper_call(w, "cg_run_group_fetch", cg_run_group_fetch,
                         mkIRExprVec_2(group_arg, fetch_site(w, first)),
                         2, NULL);
      i = 1;
   } else {
      add_helper_call(w, "cg_run_group", cg_run_group,
                      mkIRExprVec_1(mkIRExpr_HWord((HWord)group)), 1, NULL);
      i = 0;
   }
   while (i < w->queued) {
      run_t run = find_run(w, i);
      if (run.accesses > 1) {
         emit_run(w, i, &run);
         i = run.end;
      } else {
         emit_event(w, &w->queue[i++]);
      }
   }
   w->queued = 0;
}

static void queue_event(walk_t* w, event_kind_t kind, Int size, IRExpr* value)
{
   if (w->queued == CG_MAX_GROUP_EVENTS)
      flush_events(w);
   pending_event_t* p = &w->queue[w->queued++];
   p->kind = kind;
   p->size = size;
   p->instr_index = w->instr_index;
   p->instr_addr = w->instr_addr;
   p->cost = w->cost;
   p->value = value;
   p->simulate = True;
   p->first_line_hits = False;
   p->merged = False;
   p->pending_fault = w->load_crosses[w->stmt_index];
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
   UWord first_line = addr >> I1_line_bits;
   UWord last_line = (addr + len - 1) >> I1_line_bits;
   /* --stats=yes counts the kinds with the caches simulated or not. */
   cg_costs_count_instr_kind(I1_line_is_LL_line && first_line == last_line);
   if (!simulate_caches) {
      fetch->simulate = False;
      return;
   }
   /* The previous instruction of this block ran just before this one, and
    * only data accesses came between: the line it fetched last is still
    * the most recently used of its set, so fetching within it hits and
    * changes nothing. */
   fetch->first_line_hits = w->have_prev_line && first_line == w->prev_line;
   fetch->simulate = !(fetch->first_line_hits && first_line == last_line);
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
 * after everything queued before it; it is counted when it happens. */
static void add_guarded(walk_t* w, event_kind_t kind, Int size, IRExpr* addr,
                        IRExpr* guard)
{
   IRExpr** args = mkIRExprVec_3(mkIRExpr_HWord((HWord)w->cost), addr,
                                 size_const(size));
   flush_events(w);
   if (kind == EV_DR)
      add_helper_call(w, "cg_guarded_read", cg_guarded_read, args, 3, guard);
   else
      add_helper_call(w, "cg_guarded_write", cg_guarded_write, args, 3, guard);
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
    * worth counts, so no access spans more than two lines.  The reference
    * then hands that size to its simulator as 8 bits: with lines of 256
    * bytes or more, the 32-bit fxsave's 464 bytes become 0 (256) or 208
    * (512 and up).  The same narrowing gives the same lines; a size of 0
    * touches the line of its address only (where that address starts a
    * line, the reference stops with an internal error instead). */
   tl_assert(d->mAddr != NULL && d->mSize > 0);
   Int size = capped_size(d->mSize) & 0xff;
   if (size == 0)
      size = 1;
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
      Addr target = word_const_value(dst);
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

/* The most bytes of groups the walk of SB from statement FIRST can
 * allocate: every event at most one counter entry and one fetch site (of
 * the largest kind), or, for a data access, no fetch site but its entry in
 * a run (smaller, and a run's header is smaller than its two accesses'
 * share of the fetch site's room), and every group at least one event
 * (the block's indirect branch is the one event with no statement of its
 * own); plus a word per event for cg_record_alloc()'s rounding to whole
 * words. */
static SizeT event_bound(const IRSB* sb, Int first)
{
   SizeT events = 1;
   Int i;
   for (i = first; i < sb->stmts_used; i++) {
      const IRStmt* st = sb->stmts[i];
      switch (st->tag) {
      case Ist_IMark:
      case Ist_Store:
      case Ist_LLSC:
      case Ist_Exit:
         events++;
         break;
      case Ist_WrTmp:
         events += st->Ist.WrTmp.data->tag == Iex_Load;
         break;
      case Ist_Dirty:
      case Ist_CAS:
         events += 2;
         break;
      default:
         break;
      }
   }
   return events * (sizeof(event_group_t) + sizeof(counted_t)
                    + sizeof(fetch_two_lines_site_t) + sizeof(Addr));
}

IRSB* cg_instrument(VgCallbackClosure* closure, IRSB* sb_in,
                    const VexGuestLayout* layout,
                    const VexGuestExtents* extents,
                    const VexArchInfo* arch_info, IRType guest_word_type,
                    IRType host_word_type)
{
   Int i = 0;
   walk_t w;
   IRStmt* target_load;
   if (guest_word_type != host_word_type)
      VG_(tool_panic)("host/guest word size mismatch");
   /* The slots of cg_slots.h lie just past the guest state. */
   tl_assert(layout->total_sizeB == CG_SLOT_OFFSET(0));

   w.out = deepCopyIRSBExceptStmts(sb_in);
   w.word_type = host_word_type;
   w.queued = 0;
   w.instr_index = -1;
   w.instr_addr = 0;
   w.instr_len = 0;
   w.cost = NULL;
   w.have_prev_line = False;
   w.prev_line = 0;
   w.load_crosses = cg_find_load_crossings(sb_in, &target_load, &w.held);
   w.any_crossing = False;
   w.base_tmp = NULL;
   w.exit_guard = NULL;
   w.stmt_index = 0;
   if (simulate_caches)
      find_base_offsets(&w, sb_in);

   /* A jump or call to a computed address is an indirect branch; returns
    * are not counted, and a constant target is a direct jump. */
   Bool target_simulated = simulate_branches
      && (sb_in->jumpkind == Ijk_Boring || sb_in->jumpkind == Ijk_Call)
      && sb_in->next->tag == Iex_RdTmp;
   /* The jump target's load, if it may move, goes after the code of the
    * last group (see cg_load_crossings.c).  The jump is its one reader
    * and nothing it moves past changes what it reads, so the move
    * changes only where it is computed, and that only where the last
    * group counts with a store.  A simulated indirect branch reads the
    * target too, which is then computed where it is loaded, as in the
    * reference's code, whose call reads it as well: the load stays. */
   IRStmt* moved_load = target_simulated ? NULL : target_load;

   /* The self-check preamble before the first instruction is not the
    * guest's work. */
   for (; i < sb_in->stmts_used && sb_in->stmts[i]->tag != Ist_IMark; i++)
      addStmtToIRSB(w.out, sb_in->stmts[i]);
   w.record = cg_record_new(extents->base[0], event_bound(sb_in, i));

   cg_propagate_begin(sb_in);
   for (; i < sb_in->stmts_used; i++) {
      IRStmt* st = sb_in->stmts[i];
      w.stmt_index = i;
      cg_propagate_stmt(st);
      walk_statement(&w, st);
      if (w.exit_guard) {
         st = IRStmt_Exit(w.exit_guard, st->Ist.Exit.jk, st->Ist.Exit.dst,
                          st->Ist.Exit.offsIP);
         w.exit_guard = NULL;
      }
      if (st != moved_load)
         addStmtToIRSB(w.out, st);
   }

   if (target_simulated && w.instr_index >= 0)
      queue_event(&w, EV_BI, 0, sb_in->next);
   w.stmt_index = sb_in->stmts_used;
   flush_events(&w);
   if (moved_load)
      addStmtToIRSB(w.out, moved_load);
   cg_record_finish(w.record);
   cg_propagate_next(w.out);
   if (w.any_crossing)
      cg_propagate_fully(w.out);
   return w.out;
}
