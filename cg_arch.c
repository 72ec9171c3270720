/* cg_arch.c: the cache configuration (I1, D1, LL) the simulator is given.
 *
 * The geometry of each cache is decided once, at start-up, in this order:
 *
 *  1. Detection.  The core's decoding of CPUID (VexArchInfo.hwcache_info)
 *     is used, as Valgrind 3.19's Cachegrind uses it, so that both tools
 *     simulate the same caches and print the same warnings on any host.
 *     When $CACHEGRIND_SYSFS_CACHE_DIR names a folder laid out as the
 *     kernel's /sys/devices/system/cpu/cpu0/cache (that folder itself, to
 *     follow the kernel where its CPUID decoding is poor, or a copy taken
 *     on another machine), its description is used instead; one that
 *     cannot be read is an error.  Either way I1 is the level-1
 *     instruction cache, D1 the level-1 data cache and LL the unified cache
 *     of the highest level.  Without all three, built-in defaults are used.
 *  2. The LL repair: the simulator needs a power-of-two number of sets, so
 *     a detected LL without one is shrunk to the nearest smaller power of
 *     two sets, its associativity scaled to keep the size about the same.
 *  3. The checks of detected caches (a bad detected I1, D1 or LL is
 *     fatal unless an option replaces it).
 *  4. The --I1/--D1/--LL options, already checked when they were read,
 *     replace the detected caches.
 *  5. The smallest line must hold the largest guest register, since the
 *     simulator assumes one access touches at most two lines.
 *
 * The messages, their channels (fmsg before the banner, dmsg for the
 * warnings, umsg for the rest) and the exit statuses are those of
 * Valgrind 3.19's Cachegrind, so that scripts reading its output keep
 * working; the exceptions are an associativity or line size of 0, which
 * get an error instead of a crash, and the one extra -v line naming the
 * source of the detected configuration.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_vki.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_options.h"
#include "cg_arch.h"

#if !defined(VGA_amd64) && !defined(VGA_x86)
#error "cg_arch.c knows the defaults and register sizes of x86 and amd64 only"
#endif

/* Shorter lines would let one access of a 16-byte register span three. */
#define MIN_LINE_SIZE 16

/* Used when detection finds no complete I1/D1/LL trio (x86 and amd64). */
static const cache_t default_I1 = { 65536, 2, 64 };
static const cache_t default_D1 = { 65536, 2, 64 };
static const cache_t default_LL = { 262144, 8, 64 };

#define SYSFS_CACHE_DIR_VARIABLE "CACHEGRIND_SYSFS_CACHE_DIR"
/* More cache descriptions than any CPU has; a description with more is
 * refused, as any other it cannot read whole. */
#define MAX_SYSFS_CACHES 16
#define MAX_SYSFS_CACHES_TEXT "16"

/* ------------------------------------------------------------------------
 * The --I1/--D1/--LL options
 * --------------------------------------------------------------------- */

typedef struct {
   Bool given; /* the option was on the command line */
   cache_t cache;
} cache_option_t;

static cache_option_t option_I1, option_D1, option_LL;

/* Whether X, taken as the 32-bit unsigned value the checks have always
 * used, is a power of two (so INT_MIN counts as one, 0 does not). */
static Bool is_power_of_two(Long x)
{
   return VG_(log2)((UInt)x) != -1;
}

/* Returns why CACHE cannot be simulated, or NULL if it can.  The checks
 * and their order are 3.19's, which shows which message wins when several
 * apply (a 63-byte line is reported as a bad set count).  Long arithmetic
 * gives the same results as 3.19's Int arithmetic wherever that does not
 * overflow, and does not trap where it would. */
static const HChar* cache_problem(const cache_t* cache)
{
   Long size = cache->size, assoc = cache->assoc, line = cache->line_size;

   if (assoc == 0)
      return "Cache associativity is zero.";
   if (line == 0)
      return "Cache line size is zero.";
   if (size % (line * assoc) != 0 || !is_power_of_two(size / line / assoc))
      return "Cache set count is not a power of two.";
   if (!is_power_of_two(line))
      return "Cache line size is not a power of two.";
   if (line < MIN_LINE_SIZE)
      return "Cache line size is too small.";
   if (size <= line)
      return "Cache size <= line size.";
   /* "associativity > size / line" needs no check: a positive power-of-two
    * set count already implies it. */
   return NULL;
}

/* Reads one decimal field of TEXT ending with TERMINATOR, as 3.19 does
 * (VG_(strtoll10): optional sign, an empty field is 0).  Returns False if
 * the field does not end with TERMINATOR. */
static Bool parse_field(const HChar** text, HChar terminator, Long* value)
{
   HChar* end;
   *value = VG_(strtoll10)(*text, &end);
   if (*end != terminator)
      return False;
   *text = end + 1;
   return True;
}

static Bool fits_in_int(Long value)
{
   return (Long)(Int)value == value;
}

/* Parses and checks VALUE, the "<size>,<assoc>,<line_size>" of option ARG,
 * into OPTION.  Bad values are reported the way 3.19 reports them, which
 * ends the run (status 1). */
static void parse_cache_option(const HChar* arg, const HChar* value,
                               cache_option_t* option)
{
   const HChar* text = value;
   Long size, assoc, line;

   if (!parse_field(&text, ',', &size) || !parse_field(&text, ',', &assoc) ||
       !parse_field(&text, '\0', &line)) {
      VG_(fmsg_bad_option)(arg, "Bad argument '%s'\n", value);
      return;
   }
   if (!fits_in_int(size) || !fits_in_int(assoc) || !fits_in_int(line)) {
      VG_(fmsg_bad_option)(
         arg, "One of the cache parameters was too large and overflowed.\n");
      return;
   }
   cache_t cache = { (Int)size, (Int)assoc, (Int)line };
   const HChar* problem = cache_problem(&cache);
   if (problem != NULL) {
      VG_(fmsg)("%s\n", problem);
      VG_(fmsg_bad_option)(arg, "Bad argument '%s'\n", value);
      return;
   }
   option->given = True;
   option->cache = cache;
}

Bool cg_arch_process_option(const HChar* arg)
{
   const HChar* value = NULL;

   if VG_STR_CLO(arg, "--I1", value)
      parse_cache_option(arg, value, &option_I1);
   else if VG_STR_CLO(arg, "--D1", value)
      parse_cache_option(arg, value, &option_D1);
   else if VG_STR_CLO(arg, "--LL", value)
      parse_cache_option(arg, value, &option_LL);
   else if VG_STR_CLO(arg, "--L2", value) /* the LL's older name */
      parse_cache_option(arg, value, &option_LL);
   else
      return False;
   return True;
}

void cg_arch_print_usage(void)
{
   VG_(printf)(
"    --I1=<size>,<assoc>,<line_size>  set I1 cache manually\n"
"    --D1=<size>,<assoc>,<line_size>  set D1 cache manually\n"
"    --LL=<size>,<assoc>,<line_size>  set LL cache manually\n"
   );
}

/* ------------------------------------------------------------------------
 * Detection from a kernel-style description ($CACHEGRIND_SYSFS_CACHE_DIR)
 * --------------------------------------------------------------------- */

/* The file of a description that could not be used, and why. */
typedef struct {
   HChar path[VKI_PATH_MAX];
   const HChar* reason;
} sysfs_error_t;

static Bool sysfs_fail(sysfs_error_t* error, const HChar* folder,
                       const HChar* name, const HChar* reason)
{
   VG_(snprintf)(error->path, sizeof error->path, "%s/%s", folder, name);
   error->reason = reason;
   return False;
}

/* Reads the file FOLDER/NAME (a one-line sysfs attribute) into BUFFER,
 * without its final newline. */
static Bool read_attribute(const HChar* folder, const HChar* name,
                           HChar* buffer, Int buffer_size,
                           sysfs_error_t* error)
{
   HChar path[VKI_PATH_MAX];
   if (VG_(snprintf)(path, sizeof path, "%s/%s", folder, name) >=
       (Int)sizeof path)
      return sysfs_fail(error, folder, name, "the path is too long");
   SysRes opened = VG_(open)(path, VKI_O_RDONLY, 0);
   if (sr_isError(opened))
      return sysfs_fail(error, folder, name, "cannot be opened");
   Int fd = (Int)sr_Res(opened);
   Int length = VG_(read)(fd, buffer, buffer_size);
   VG_(close)(fd);
   if (length < 0)
      return sysfs_fail(error, folder, name, "cannot be read");
   if (length == 0)
      return sysfs_fail(error, folder, name, "is empty");
   if (length >= buffer_size)
      return sysfs_fail(error, folder, name, "is too long");
   if (buffer[length - 1] == '\n')
      length--;
   buffer[length] = '\0';
   return True;
}

/* Parses TEXT, a decimal number with an optional K/M/G suffix as the
 * kernel writes sizes, into *VALUE, which must stay within an Int. */
static Bool parse_sysfs_number(const HChar* text, UInt* value)
{
   ULong number = 0;
   const HChar* digit = text;

   for (; *digit >= '0' && *digit <= '9'; digit++) {
      number = number * 10 + (ULong)(*digit - '0');
      if (number > 0x7fffffffULL)
         return False;
   }
   if (digit == text)
      return False;
   switch (*digit) {
   case 'K': number <<= 10; digit++; break;
   case 'M': number <<= 20; digit++; break;
   case 'G': number <<= 30; digit++; break;
   default: break;
   }
   if (*digit != '\0' || number > 0x7fffffffULL)
      return False;
   *value = (UInt)number;
   return True;
}

static Bool read_number_attribute(const HChar* folder, const HChar* name,
                                  UInt* value, sysfs_error_t* error)
{
   HChar text[32];
   if (!read_attribute(folder, name, text, sizeof text, error))
      return False;
   if (!parse_sysfs_number(text, value))
      return sysfs_fail(error, folder, name,
                        "is not a number below 2^31 (with K, M or G)");
   return True;
}

typedef enum { SYSFS_CACHE, SYSFS_OTHER, SYSFS_UNREADABLE } sysfs_entry_t;

/* Reads the description in FOLDER (one index<N>) into CACHE.  Entries of
 * a type that is not simulated (the kernel's "Unknown") are SYSFS_OTHER. */
static sysfs_entry_t read_sysfs_cache(const HChar* folder, VexCache* cache,
                                      sysfs_error_t* error)
{
   HChar type[32];
   UInt ways, sets;

   if (!read_attribute(folder, "type", type, sizeof type, error) ||
       !read_number_attribute(folder, "level", &cache->level, error) ||
       !read_number_attribute(folder, "size", &cache->sizeB, error) ||
       !read_number_attribute(folder, "coherency_line_size",
                              &cache->line_sizeB, error) ||
       !read_number_attribute(folder, "ways_of_associativity", &ways, error))
      return SYSFS_UNREADABLE;
   if (VG_(strcmp)(type, "Data") == 0)
      cache->kind = DATA_CACHE;
   else if (VG_(strcmp)(type, "Instruction") == 0)
      cache->kind = INSN_CACHE;
   else if (VG_(strcmp)(type, "Unified") == 0)
      cache->kind = UNIFIED_CACHE;
   else
      return SYSFS_OTHER;
   /* The kernel says 0 ways for a fully associative cache: one set. */
   if (ways == 0 && cache->line_sizeB != 0 &&
       read_number_attribute(folder, "number_of_sets", &sets, error) &&
       sets == 1)
      ways = cache->sizeB / cache->line_sizeB;
   cache->assoc = ways;
   cache->is_trace_cache = False;
   return SYSFS_CACHE;
}

/* The number N of the folder entry NAME if it is index<N>, N in decimal
 * as the kernel writes it (no leading zero), else -1; numbers past any
 * the tool reads come out as MAX_SYSFS_CACHES. */
static Int sysfs_index_of(const HChar* name)
{
   Int number = 0;
   const HChar* digit;

   if (VG_(strncmp)(name, "index", 5) != 0 || name[5] == '\0' ||
       (name[5] == '0' && name[6] != '\0'))
      return -1;
   for (digit = name + 5; *digit != '\0'; digit++) {
      if (*digit < '0' || *digit > '9')
         return -1;
      if (number < MAX_SYSFS_CACHES)
         number = number * 10 + (*digit - '0');
   }
   return number < MAX_SYSFS_CACHES ? number : MAX_SYSFS_CACHES;
}

/* The highest N of ROOT's entries index<N>, -1 if it has none or cannot
 * be listed (the search for index0 then says what is wrong).  The kernel
 * numbers them from 0 without gaps; knowing the highest, a gap in a copy
 * made by hand is an error rather than the end of the description. */
static Int highest_sysfs_index(const HChar* root)
{
   ULong buffer[512]; /* aligned for the records */
   Int highest = -1, length;
   SysRes opened = VG_(open)(root, VKI_O_RDONLY, 0);

   if (sr_isError(opened))
      return -1;
   Int fd = (Int)sr_Res(opened);
   while ((length = VG_(getdents64)(fd, (struct vki_dirent64*)buffer,
                                    sizeof buffer)) > 0) {
      Int offset = 0;
      while (offset < length) {
         const struct vki_dirent64* entry =
            (const struct vki_dirent64*)((const HChar*)buffer + offset);
         Int index = sysfs_index_of(entry->d_name);
         if (index > highest)
            highest = index;
         offset += entry->d_reclen;
      }
   }
   VG_(close)(fd);
   return highest;
}

/* Fills INFO (with CACHES as its array) from the description in ROOT.
 * False, with ERROR saying why, if any part of it cannot be read: a
 * partial description would silently simulate other caches. */
static Bool read_sysfs_caches(const HChar* root, VexCacheInfo* info,
                              VexCache* caches, sysfs_error_t* error)
{
   HChar folder[VKI_PATH_MAX], name[32];
   Int index, highest = highest_sysfs_index(root);

   info->num_levels = 0;
   info->num_caches = 0;
   info->caches = caches;
   if (highest >= MAX_SYSFS_CACHES) {
      VG_(snprintf)(name, sizeof name, "index%d", MAX_SYSFS_CACHES);
      return sysfs_fail(error, root, name,
                        "or a higher index exists: at most "
                        MAX_SYSFS_CACHES_TEXT " entries are read");
   }
   for (index = 0; index < MAX_SYSFS_CACHES; index++) {
      VG_(snprintf)(name, sizeof name, "index%d", index);
      if (VG_(snprintf)(folder, sizeof folder, "%s/%s", root, name) >=
          (Int)sizeof folder)
         return sysfs_fail(error, root, name, "the path is too long");
      struct vg_stat status;
      if (sr_isError(VG_(stat)(folder, &status))) {
         if (index < highest)
            return sysfs_fail(error, root, name,
                              "does not exist, though a higher index does");
         break;
      }
      VexCache* cache = &caches[info->num_caches];
      switch (read_sysfs_cache(folder, cache, error)) {
      case SYSFS_UNREADABLE:
         return False;
      case SYSFS_OTHER:
         continue;
      case SYSFS_CACHE:
         break;
      }
      info->num_caches++;
      if (cache->level > info->num_levels)
         info->num_levels = cache->level;
   }
   if (index == 0)
      return sysfs_fail(error, root, "index0", "does not exist");
   return True;
}

/* ------------------------------------------------------------------------
 * Choosing I1, D1 and LL from a description, and the defaults
 * --------------------------------------------------------------------- */

typedef enum {
   SOURCE_SYSFS,
   SOURCE_CPUID,
   SOURCE_DEFAULTS
} config_source_t;

static const VexCache* find_cache(const VexCacheInfo* info, VexCacheKind kind,
                                  UInt level)
{
   UInt i;
   for (i = 0; i < info->num_caches; i++) {
      const VexCache* cache = &info->caches[i];
      /* A size the simulator cannot hold counts as no cache at all. */
      if (cache->kind == kind && cache->level == level &&
          fits_in_int(cache->sizeB) && fits_in_int(cache->assoc) &&
          fits_in_int(cache->line_sizeB))
         return cache;
   }
   return NULL;
}

static cache_t cache_from_description(const VexCache* cache)
{
   cache_t result = { (Int)cache->sizeB, (Int)cache->assoc,
                      (Int)cache->line_sizeB };
   return result;
}

/* A Pentium 4's level-1 instruction cache is a trace cache of micro-ops;
 * it is simulated as an ordinary cache of about the same reach. */
static cache_t trace_cache_stand_in(const VexCache* trace_cache)
{
   UInt kilo_uops = trace_cache->sizeB / 1024;
   Int size = (kilo_uops == 12 || kilo_uops == 16) ? 16384 : 32768;
   cache_t result = { size, (Int)trace_cache->assoc, 32 };

   VG_(dmsg)("warning: Pentium 4 with %u KB micro-op instruction trace "
             "cache\n", kilo_uops);
   VG_(dmsg)("         Simulating a %d KB I-cache with 32 B lines\n",
             size / 1024);
   return result;
}

/* Takes I1, D1 and LL from INFO, warning as 3.19 does about what is
 * missing or unusual.  False if one of them is missing. */
static Bool choose_caches(const VexCacheInfo* info, cache_t* I1, cache_t* D1,
                          cache_t* LL)
{
   const VexCache* i1 = find_cache(info, INSN_CACHE, 1);
   const VexCache* d1 = find_cache(info, DATA_CACHE, 1);
   const VexCache* ll = find_cache(info, UNIFIED_CACHE, info->num_levels);

   if (ll == NULL)
      VG_(dmsg)("warning: L2 cache not installed, ignore LL results.\n");
   else if (info->num_levels > 2)
      VG_(dmsg)("warning: L%u cache found, using its data for the "
                "LL simulation.\n", info->num_levels);
   if (i1 == NULL || d1 == NULL || ll == NULL)
      return False;
   *I1 = i1->is_trace_cache ? trace_cache_stand_in(i1)
                            : cache_from_description(i1);
   *D1 = cache_from_description(d1);
   *LL = cache_from_description(ll);
   return True;
}

static Bool all_caches_given(void)
{
   return option_I1.given && option_D1.given && option_LL.given;
}

/* Detects the caches into I1, D1 and LL: from the description named by
 * $CACHEGRIND_SYSFS_CACHE_DIR if it is set, from CPUID otherwise.  A
 * description that cannot be read ends the run. */
static config_source_t detect_caches(cache_t* I1, cache_t* D1, cache_t* LL)
{
   const HChar* sysfs_root = VG_(getenv)(SYSFS_CACHE_DIR_VARIABLE);
   VexCache sysfs_caches[MAX_SYSFS_CACHES];
   VexCacheInfo sysfs_info;
   VexArch arch;
   VexArchInfo arch_info;
   const VexCacheInfo* info;
   config_source_t source;

   if (sysfs_root != NULL && sysfs_root[0] != '\0') {
      sysfs_error_t error;
      if (!read_sysfs_caches(sysfs_root, &sysfs_info, sysfs_caches, &error)) {
         VG_(fmsg)("%s=%s: %s %s\n", SYSFS_CACHE_DIR_VARIABLE, sysfs_root,
                   error.path, error.reason);
         VG_(exit)(1);
      }
      info = &sysfs_info;
      source = SOURCE_SYSFS;
   } else {
      VG_(machine_get_VexArchInfo)(&arch, &arch_info);
      info = &arch_info.hwcache_info;
      source = SOURCE_CPUID;
   }
   if (info->num_caches > 0 && choose_caches(info, I1, D1, LL))
      return source;
   *I1 = default_I1;
   *D1 = default_D1;
   *LL = default_LL;
   if (!all_caches_given()) {
      VG_(dmsg)("Warning: Cannot auto-detect cache config, using defaults.\n");
      VG_(dmsg)("         Run with -v to see.\n");
   }
   return SOURCE_DEFAULTS;
}

/* The one line 3.19 does not print: under -v, where the configuration
 * came from (before any option replaced part of it). */
static void say_source(config_source_t source)
{
   /* The first entry is one string made of two, in parentheses so that
    * clang does not take it for a comma left out between two. */
   static const HChar* const wording[] = {
      [SOURCE_SYSFS] = ("detected from the description in $"
                        SYSFS_CACHE_DIR_VARIABLE),
      [SOURCE_CPUID] = "detected from the CPUID information",
      [SOURCE_DEFAULTS] = "not detected: built-in defaults used",
   };
   if (VG_(clo_verbosity) > 1)
      VG_(dmsg)("Cache configuration %s\n", wording[source]);
}

/* ------------------------------------------------------------------------
 * Repairing and checking what was detected
 * --------------------------------------------------------------------- */

/* Gives LL a power-of-two number of sets: the largest power of two not
 * above its set count, with the associativity scaled by the same factor
 * and rounded to nearest (halves up), so the size stays about the same.
 * The line size never changes.  Left alone if any field is 0. */
static void repair_LL(cache_t* LL)
{
   UInt size = (UInt)LL->size, assoc = (UInt)LL->assoc;
   UInt line = (UInt)LL->line_size;

   if (size == 0 || assoc == 0 || line == 0)
      return;
   ULong sets = size / ((ULong)assoc * line);
   if (sets == 0)
      return;
   ULong new_sets = 1;
   while (new_sets * 2 <= sets)
      new_sets *= 2;
   ULong new_assoc = (2 * sets * assoc + new_sets) / (2 * new_sets);
   ULong new_size = line * new_assoc * new_sets;
   if (new_size == size && new_assoc == assoc)
      return;
   VG_(dmsg)("warning: specified LL cache: line_size %u  assoc %u  "
             "total_size %'u\n", line, assoc, size);
   VG_(dmsg)("warning: simulated LL cache: line_size %u  assoc %u  "
             "total_size %'u\n", line, (UInt)new_assoc, (UInt)new_size);
   LL->size = (Int)new_size;
   LL->assoc = (Int)new_assoc;
}

/* Reports a detected cache the simulator cannot use.  Unless the option
 * NAME replaces it, the run cannot go on. */
static void check_detected_cache(const HChar* name, const cache_t* cache,
                                 Bool replaced)
{
   const HChar* problem = cache_problem(cache);
   if (problem == NULL)
      return;
   VG_(umsg)("Auto-detected %s cache configuration not supported: %s\n",
             name, problem);
   VG_(umsg)("  %s: %'d B, %d-way, %d B lines\n", name, cache->size,
             cache->assoc, cache->line_size);
   if (replaced)
      return;
   VG_(umsg)("As it probably should be supported, please report a bug!\n");
   VG_(umsg)("Bypass this message by using option --%s=...\n", name);
   VG_(exit)(1);
}

/* ------------------------------------------------------------------------
 * The configuration used
 * --------------------------------------------------------------------- */

static void print_cache(const HChar* name, const cache_t* cache)
{
   VG_(umsg)("  %s: %'d B, %d-way, %d B lines\n", name, cache->size,
             cache->assoc, cache->line_size);
}

/* The widest guest register one access can move: the simulator assumes
 * no access spans more than two lines. */
static Int largest_register_size(void)
{
#if defined(VGA_amd64)
   VexArch arch;
   VexArchInfo arch_info;
   VG_(machine_get_VexArchInfo)(&arch, &arch_info);
   return (arch_info.hwcaps & VEX_HWCAPS_AMD64_AVX) ? 32 : 16;
#else
   return 16;
#endif
}

static void check_min_line_size(const cache_t* I1, const cache_t* D1,
                                const cache_t* LL)
{
   Int min_line = I1->line_size;
   if (D1->line_size < min_line)
      min_line = D1->line_size;
   if (LL->line_size < min_line)
      min_line = LL->line_size;
   Int register_size = largest_register_size();
   if (min_line >= register_size)
      return;
   VG_(umsg)("Cachegrind: cannot continue: the minimum line size (%d)\n",
             min_line);
   VG_(umsg)("  must be equal to or larger than the maximum register size "
             "(%d)\n", register_size);
   VG_(umsg)("  but it is not.  Exiting now.\n");
   VG_(exit)(1);
}

void cg_arch_configure_caches(cache_t* I1, cache_t* D1, cache_t* LL)
{
   config_source_t source = detect_caches(I1, D1, LL);
   say_source(source);
   repair_LL(LL);
   check_detected_cache("I1", I1, option_I1.given);
   check_detected_cache("D1", D1, option_D1.given);
   check_detected_cache("LL", LL, option_LL.given);

   if (option_I1.given)
      *I1 = option_I1.cache;
   if (option_D1.given)
      *D1 = option_D1.cache;
   if (option_LL.given)
      *LL = option_LL.cache;
   tl_assert(cache_problem(I1) == NULL && cache_problem(D1) == NULL &&
             cache_problem(LL) == NULL);

   if (VG_(clo_verbosity) > 1) {
      VG_(umsg)("Cache configuration used:\n");
      print_cache("I1", I1);
      print_cache("D1", D1);
      print_cache("LL", LL);
   }
   check_min_line_size(I1, D1, LL);
}
