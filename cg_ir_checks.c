/* cg_ir_checks.c: whether VEX checks the IR of every translation.
 *
 * VEX checks each superblock's IR twice as it translates it, before its
 * optimisation and after the tool's instrumentation, for types, flatness
 * and the use of temporaries before their definition.  Neither check
 * changes the IR: it only stops the run, with VEX's message, where the IR
 * is malformed.  The second runs over the instrumented IR, which the
 * inline tests make about half again as long as the installed tool's,
 * and the two take some 6 % of a translation-bound run's samples (perf,
 * `python3 -S -c pass`); skipped, that run took 0.95 of the time and gcc's
 * cc1 on a small file 0.97 (medians of 15 and 9 paired ratios).  So they
 * are skipped unless --check-ir=yes asks for them: the tool's link routes
 * VEX's calls of sanityCheckIRSB() here (-Wl,--wrap, see Makefile.am).
 * The differential suite runs with the checks on wherever it gives the
 * tool unusual IR.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "libvex_ir.h"
#include "cg_ir_checks.h"

Bool cg_check_ir = False;

/* The check as VEX defines it, and the name VEX's callers reach. */
void __real_sanityCheckIRSB(const IRSB* bb, const HChar* caller,
                            Bool require_flatness, IRType guest_word_size);
void __wrap_sanityCheckIRSB(const IRSB* bb, const HChar* caller,
                            Bool require_flatness, IRType guest_word_size);

void __wrap_sanityCheckIRSB(const IRSB* bb, const HChar* caller,
                            Bool require_flatness, IRType guest_word_size)
{
   if (cg_check_ir)
      __real_sanityCheckIRSB(bb, caller, require_flatness, guest_word_size);
}
