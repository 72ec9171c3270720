/* cg_main.c: the cachegrind tool's entry point.
 *
 * Cachegrind runs a program on a simulated machine: every instruction
 * fetch, data access and branch goes through I1/D1/LL cache simulators
 * (cg_sim.c) and branch predictors (cg_branchpred.c), and the outcomes are
 * charged to the program's source lines (cg_costs.c), which are written to
 * cachegrind.out.<pid> at exit.
 *
 * This file only wires the parts together: it declares the tool to the
 * core, handles the options and client requests, and hands each
 * superblock to the instrumenter.  Where to read next:
 *   cg_instrument.c  which IR statement becomes which event
 *   cg_events.c      how an event is simulated and counted
 *   cg_arch.c        where the cache geometry comes from
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_options.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_transtab.h"
#include "cachegrind.h"
#include "cg_arch.h"
#include "cg_branchpred.h"
#include "cg_costs.h"
#include "cg_events.h"
#include "cg_instrument.h"
#include "cg_ir_checks.h"
#include "cg_records.h"
#include "cg_sim.h"
#if defined(VGA_amd64)
#include "cg_call_stubs.h"
#endif

/* ---- options ---- */

static Bool clo_cache_sim = True;
static Bool clo_branch_sim = False;
static Bool clo_instr_at_start = True;
/* The vector search of cache sets, by default the host's best. */
static vector_search_t clo_vector_search;
static Bool clo_vector_search_given = False;
static const HChar* clo_out_file = "cachegrind.out.%p";

/* --vector-search=VALUE, checked against the host here, where a bad
 * option ends the run before it starts. */
static void process_vector_search(const HChar* arg, const HChar* value)
{
   if (VG_(strcmp)(value, "auto") == 0) {
      clo_vector_search_given = False;
      return;
   }
   if (VG_(strcmp)(value, "avx512") == 0)
      clo_vector_search = CG_VECTOR_SEARCH_AVX512;
   else if (VG_(strcmp)(value, "avx2") == 0)
      clo_vector_search = CG_VECTOR_SEARCH_AVX2;
   else if (VG_(strcmp)(value, "no") == 0)
      clo_vector_search = CG_VECTOR_SEARCH_NONE;
   else
      VG_(fmsg_bad_option)(arg,
                           "--vector-search takes auto, avx512, avx2 or no\n");
#if defined(VGA_amd64)
   if (clo_vector_search > cg_sim_best_vector_search())
      VG_(fmsg_bad_option)(arg, "this host cannot run %s\n",
                           clo_vector_search == CG_VECTOR_SEARCH_AVX512
                              ? "AVX-512 (F and DQ)" : "AVX2");
#else
   if (clo_vector_search != CG_VECTOR_SEARCH_NONE)
      VG_(fmsg_bad_option)(arg, "the tool for 32-bit programs searches "
                                "without vector instructions only\n");
#endif
   clo_vector_search_given = True;
}

static Bool process_option(const HChar* arg)
{
   const HChar* value;
   if (cg_arch_process_option(arg)) {
   } else if VG_BOOL_CLO(arg, "--cache-sim", clo_cache_sim) {
   } else if VG_BOOL_CLO(arg, "--branch-sim", clo_branch_sim) {
   } else if VG_BOOL_CLO(arg, "--instr-at-start", clo_instr_at_start) {
   } else if VG_STR_CLO(arg, "--cachegrind-out-file", clo_out_file) {
   } else if VG_STR_CLO(arg, "--vector-search", value) {
      process_vector_search(arg, value);
   } else if VG_BOOL_CLO(arg, "--check-ir", cg_check_ir) {
#if defined(VGA_amd64)
   } else if VG_BOOL_CLO(arg, "--out-of-line-calls", cg_out_of_line_calls) {
#endif
   } else {
      return False;
   }
   return True;
}

static void print_usage(void)
{
   cg_arch_print_usage();
   VG_(printf)(
"    --cache-sim=yes|no               collect cache stats? [yes]\n"
"    --branch-sim=yes|no              collect branch prediction stats? [no]\n"
"    --cachegrind-out-file=<file>     output file name [cachegrind.out.%%p]\n"
"    --instr-at-start=yes|no          instrument from the start? [yes]\n"
   );
}

static void print_debug_usage(void)
{
   VG_(printf)(
"    --vector-search=auto|avx512|avx2|no  search cache sets with AVX-512\n"
"                                     or AVX2 instructions, or neither\n"
"                                     (auto: the best the host runs) [auto]\n"
"    --check-ir=yes|no                have VEX check the IR of every\n"
"                                     translation, as Valgrind does [no]\n"
#if defined(VGA_amd64)
"    --out-of-line-calls=yes|no       move the data accesses' slow-path\n"
"                                     calls out of the line of translated\n"
"                                     code [yes]\n"
#endif
   );
}

/* ---- run state ---- */

static run_description_t run;

/* Whether superblocks are being instrumented now; client requests switch
 * it, and --instr-at-start=no starts with it off. */
static Bool instrumenting = True;

static IRSB* instrument(VgCallbackClosure* closure, IRSB* sb_in,
                        const VexGuestLayout* layout,
                        const VexGuestExtents* extents,
                        const VexArchInfo* arch_info, IRType guest_word_type,
                        IRType host_word_type)
{
   if (!instrumenting)
      return sb_in; /* nothing is counted while stopped */
   return cg_instrument(closure, sb_in, layout, extents, arch_info,
                        guest_word_type, host_word_type);
}

static void discard_superblock(Addr orig_addr, VexGuestExtents extents)
{
   cg_records_discard(extents.base[0]);
}

/* Switching instrumentation on or off must reach code already translated,
 * so every translation is thrown away first. */
static void set_instrumenting(Bool on, const HChar* request_name)
{
   if (instrumenting == on) {
      VG_(dmsg)("warning: %s called,\n", request_name);
      VG_(dmsg)("         but instrumentation is already %s\n",
                on ? "enabled" : "disabled");
      return;
   }
   VG_(discard_translations_safely)((Addr)0x1000, ~(SizeT)0xfff, "cachegrind");
   instrumenting = on;
}

/* Only this tool's requests are answered.  GDB monitor commands, which the
 * core passes on to the tool (some it has answered itself), are left to the
 * core without a word: the tool has none, and Valgrind 3.19's Cachegrind
 * says nothing of them either. */
static Bool handle_client_request(ThreadId tid, UWord* args, UWord* result)
{
   if (!VG_IS_TOOL_USERREQ('C', 'G', args[0]))
      return False;
   switch (args[0]) {
   case VG_USERREQ__CG_START_INSTRUMENTATION:
      set_instrumenting(True, "CACHEGRIND_START_INSTRUMENTATION");
      break;
   case VG_USERREQ__CG_STOP_INSTRUMENTATION:
      set_instrumenting(False, "CACHEGRIND_STOP_INSTRUMENTATION");
      break;
   default:
      VG_(message)(Vg_UserMsg,
                   "Warning: unknown cachegrind client request code %llx\n",
                   (ULong)args[0]);
      return False;
   }
   *result = 0;
   return True;
}

/* ---- start-up and exit ---- */

static void post_clo_init(void)
{
   cg_arch_configure_caches(&run.I1, &run.D1, &run.LL);
   run.cache_sim = clo_cache_sim;
   run.branch_sim = clo_branch_sim;
   run.out_file_format = clo_out_file;
   cg_events_init(&run.I1, &run.D1, &run.LL,
                  clo_vector_search_given ? clo_vector_search
                                          : cg_sim_best_vector_search());
   cg_instrument_configure(clo_cache_sim, clo_branch_sim, &run.I1, &run.D1,
                           &run.LL);
   instrumenting = clo_instr_at_start;
}

static void fini(Int exit_code)
{
   cg_records_fold_all_counts();
   cg_costs_set_live_superblocks(cg_records_live());
   /* A run whose profile is lost must not look like a success: the exit
    * status becomes 1, whatever the client's was. */
   if (!cg_costs_finish(&run))
      VG_(exit)(1);
}

/* What the instrumented code reads in the guest state of the thread that
 * runs client code (see cg_slots.h): the counter base, and the branch
 * history, which follows the running thread. */
static void thread_starts(ThreadId tid, ULong blocks_dispatched)
{
   cg_instrument_thread_starts(tid);
   cg_branchpred_thread_starts(tid);
}

static void thread_stops(ThreadId tid, ULong blocks_dispatched)
{
   cg_branchpred_thread_stops(tid);
}

static void pre_clo_init(void)
{
   VG_(details_name)("Cachegrind");
   VG_(details_version)(NULL);
   VG_(details_description)("a cache and branch-prediction profiler");
   VG_(details_copyright_author)(
      "Copyright (C) the cachegrind authors; GNU GPL'd.");
   VG_(details_bug_reports_to)("the cachegrind project's issue tracker");
   VG_(details_avg_translation_sizeB)(500);

   /* Counts depend on the exact IR: the stack pointer is kept up to date
    * at memory accesses only, the same choice the reference counts were
    * made with. */
   VG_(clo_vex_control).iropt_register_updates_default =
      VG_(clo_px_file_backed) = VexRegUpdSpAtMemAccess;

   VG_(basic_tool_funcs)(post_clo_init, instrument, fini);
   VG_(needs_superblock_discards)(discard_superblock);
   VG_(needs_command_line_options)(process_option, print_usage,
                                   print_debug_usage);
   VG_(needs_client_requests)(handle_client_request);
   VG_(track_start_client_code)(thread_starts);
   VG_(track_stop_client_code)(thread_stops);
}

VG_DETERMINE_INTERFACE_VERSION(pre_clo_init)
