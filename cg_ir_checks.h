/* cg_ir_checks.h: whether VEX checks the IR of every translation (see
 * cg_ir_checks.c); set by --check-ir.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_IR_CHECKS_H
#define CG_IR_CHECKS_H

#include "pub_tool_basics.h"

extern Bool cg_check_ir;

#endif
