/* cg_arch.h: the cache configuration the simulator is given.
 *
 * Where the geometry of I1, D1 and LL comes from (the kernel's description
 * of the host, the core's CPUID decoding, built-in defaults, the --I1/--D1/
 * --LL options), how it is repaired and checked, and what is said about it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_ARCH_H
#define CG_ARCH_H

#include "pub_tool_basics.h"

/* One cache level: all three in bytes / ways.  A valid cache has
 * size / (assoc * line_size) sets, a power of two, and a power-of-two line
 * of at least 16 bytes. */
typedef struct {
   Int size;      /* total bytes */
   Int assoc;     /* ways per set; 1 = direct-mapped */
   Int line_size; /* bytes per line */
} cache_t;

/* Handles --I1=, --D1=, --LL= and its synonym --L2=.  Returns False when
 * ARG is none of them.  A malformed or invalid value prints the same
 * messages as Valgrind 3.19 and exits with status 1 (and also rejects an
 * associativity or line size of 0, where 3.19 crashes). */
Bool cg_arch_process_option(const HChar* arg);

/* Prints the usage lines of the cache options (for --help). */
void cg_arch_print_usage(void);

/* Works out the caches to simulate: detection (the core's CPUID
 * information, or, when $CACHEGRIND_SYSFS_CACHE_DIR is set, the cache
 * description in the folder it names, laid out as the kernel's
 * /sys/devices/system/cpu/cpu0/cache; else defaults), the LL repair to a
 * power-of-two set count, the checks, then the command-line overrides.
 * Prints the warnings 3.19 prints (through dmsg), and under -v which
 * source was used and the "Cache configuration used" lines.  Exits with
 * status 1 when a detected I1, D1 or LL that no option replaces cannot be
 * simulated, or when the smallest line
 * is shorter than the largest guest register.  On return all three caches
 * pass the checks described at cache_t. */
void cg_arch_configure_caches(cache_t* I1, cache_t* D1, cache_t* LL);

#endif
