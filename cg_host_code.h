/* cg_host_code.h: the 32-bit fields of amd64 host code (immediates,
 * displacements, jump offsets: little-endian, at any alignment), read and
 * written by the files that rewrite what VEX emits (cg_indirect_exits.c,
 * cg_call_stubs.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_HOST_CODE_H
#define CG_HOST_CODE_H

#include "pub_tool_basics.h"

static inline UInt cg_host_read_u32(const UChar* p)
{
   return p[0] | (UInt)p[1] << 8 | (UInt)p[2] << 16 | (UInt)p[3] << 24;
}

/* Returns the byte after the field. */
static inline UChar* cg_host_put_u32(UChar* p, UInt v)
{
   for (UInt k = 0; k < 4; k++)
      *p++ = (UChar)(v >> (8 * k));
   return p;
}

#endif
