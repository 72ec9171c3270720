/* cachegrind.h: client requests for the cachegrind tool.
 *
 * A program includes this header and marks the part of its run it wants
 * profiled:
 *
 *    CACHEGRIND_START_INSTRUMENTATION;
 *    ... the work to measure ...
 *    CACHEGRIND_STOP_INSTRUMENTATION;
 *
 * and is run with `valgrind --tool=cachegrind --instr-at-start=no prog`.
 * Outside Valgrind, and under other tools, the requests do nothing.  The
 * request codes are those of the cachegrind.h shipped with current
 * Valgrind, so a program built with either header works with either tool.
 *
 * Copyright (C) the cachegrind authors.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are
 * met:
 *
 * 1. Redistributions of source code must retain the above copyright
 *    notice, this list of conditions and the following disclaimer.
 *
 * 2. Redistributions in binary form must reproduce the above copyright
 *    notice, this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
 * "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
 * LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR
 * A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
 * HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
 * SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
 * LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
 * DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
 * THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
#ifndef CACHEGRIND_H
#define CACHEGRIND_H

/* valgrind.h beside this header or on the include path (Valgrind's own
 * -I.../include/valgrind), else from the system's valgrind folder: this
 * header may be installed under another prefix than Valgrind. */
#if defined(__has_include)
#if __has_include("valgrind.h")
#include "valgrind.h"
#else
#include <valgrind/valgrind.h>
#endif
#else
#include "valgrind.h"
#endif

typedef enum {
   VG_USERREQ__CG_START_INSTRUMENTATION = VG_USERREQ_TOOL_BASE('C', 'G'),
   VG_USERREQ__CG_STOP_INSTRUMENTATION
} Vg_CachegrindClientRequest;

/* Starts counting (a no-op, with a warning, if already counting). */
#define CACHEGRIND_START_INSTRUMENTATION                                     \
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CG_START_INSTRUMENTATION,    \
                                   0, 0, 0, 0, 0)

/* Stops counting (a no-op, with a warning, if already stopped). */
#define CACHEGRIND_STOP_INSTRUMENTATION                                      \
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CG_STOP_INSTRUMENTATION,     \
                                   0, 0, 0, 0, 0)

#endif
