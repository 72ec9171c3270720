/* cg_costs.c: the table of per-line cost centres, keyed by (file,
 * function, line) from the debug info, and the output made from it: the
 * cachegrind.out profile, the end-of-run summary and the statistics.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pub_tool_basics.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"
#include "pub_tool_xarray.h"
#include "cg_costs.h"

/* ---- interned strings: equal names share one copy, so keys compare by
 * pointer ---- */

typedef struct interned {
   struct interned* next;
   UInt hash;
   UInt rank; /* its place in strcmp order, set by rank_strings() */
   HChar text[];
} interned_t;

static interned_t** string_buckets;
static UWord string_bucket_count = 4096;
static UWord string_count;

static UInt hash_string(const HChar* s)
{
   UInt h = 2166136261u; /* FNV-1a */
   for (; *s; s++)
      h = (h ^ (UChar)*s) * 16777619u;
   return h;
}

static void grow_string_table(void)
{
   UWord new_count = string_bucket_count * 2, i;
   interned_t** fresh =
       VG_(calloc)("cg.costs.strings", new_count, sizeof *fresh);
   for (i = 0; i < string_bucket_count; i++) {
      interned_t* s = string_buckets[i];
      while (s) {
         interned_t* next = s->next;
         s->next = fresh[s->hash & (new_count - 1)];
         fresh[s->hash & (new_count - 1)] = s;
         s = next;
      }
   }
   VG_(free)(string_buckets);
   string_buckets = fresh;
   string_bucket_count = new_count;
}

static const HChar* intern(const HChar* text)
{
   UInt hash = hash_string(text);
   interned_t* s;
   if (!string_buckets)
      string_buckets = VG_(calloc)("cg.costs.strings", string_bucket_count,
                                   sizeof *string_buckets);
   for (s = string_buckets[hash & (string_bucket_count - 1)]; s; s = s->next)
      if (s->hash == hash && VG_(strcmp)(s->text, text) == 0)
         return s->text;
   SizeT len = VG_(strlen)(text);
   s = VG_(malloc)("cg.costs.string", sizeof *s + len + 1);
   s->hash = hash;
   VG_(memcpy)(s->text, text, len + 1);
   s->next = string_buckets[hash & (string_bucket_count - 1)];
   string_buckets[hash & (string_bucket_count - 1)] = s;
   if (++string_count > string_bucket_count)
      grow_string_table();
   return s->text;
}

/* ---- line cost centres ---- */

typedef struct line_cc {
   struct line_cc* next;
   const HChar* file;
   const HChar* fn;
   Int line;
   UInt hash;
   line_cost_t cost;
} line_cc_t;

static line_cc_t** cc_buckets;
static UWord cc_bucket_count = 16384;
static UWord cc_count;

/* Statistics (--stats=yes). */
static ULong lookups_full, lookups_file_line, lookups_fn, lookups_none;
static ULong instrs_one_line, instrs_general;
static Int live_superblocks;

void cg_costs_count_instr_kind(Bool one_line)
{
   if (one_line)
      instrs_one_line++;
   else
      instrs_general++;
}

void cg_costs_set_live_superblocks(Int count) { live_superblocks = count; }

static void grow_cc_table(void)
{
   UWord new_count = cc_bucket_count * 2, i;
   line_cc_t** fresh = VG_(calloc)("cg.costs.ccs", new_count, sizeof *fresh);
   for (i = 0; i < cc_bucket_count; i++) {
      line_cc_t* cc = cc_buckets[i];
      while (cc) {
         line_cc_t* next = cc->next;
         cc->next = fresh[cc->hash & (new_count - 1)];
         fresh[cc->hash & (new_count - 1)] = cc;
         cc = next;
      }
   }
   VG_(free)(cc_buckets);
   cc_buckets = fresh;
   cc_bucket_count = new_count;
}

static line_cc_t* find_or_add_cc(const HChar* file, const HChar* fn, Int line)
{
   UInt hash = (UInt)(((UWord)file >> 3) * 31u + ((UWord)fn >> 3) * 17u)
               ^ (UInt)line * 2654435761u;
   line_cc_t* cc;
   if (!cc_buckets)
      cc_buckets =
          VG_(calloc)("cg.costs.ccs", cc_bucket_count, sizeof *cc_buckets);
   for (cc = cc_buckets[hash & (cc_bucket_count - 1)]; cc; cc = cc->next)
      if (cc->file == file && cc->fn == fn && cc->line == line)
         return cc;
   cc = VG_(calloc)("cg.costs.cc", 1, sizeof *cc);
   cc->file = file;
   cc->fn = fn;
   cc->line = line;
   cc->hash = hash;
   cc->next = cc_buckets[hash & (cc_bucket_count - 1)];
   cc_buckets[hash & (cc_bucket_count - 1)] = cc;
   if (++cc_count > cc_bucket_count)
      grow_cc_table();
   return cc;
}

line_cost_t* cg_costs_for_instr(Addr instr_addr)
{
   DiEpoch ep = VG_(current_DiEpoch)();
   const HChar *file, *dir, *fn;
   UInt line;
   Bool has_file =
       VG_(get_filename_linenum)(ep, instr_addr, &file, &dir, &line);
   const HChar* file_key;
   if (!has_file) {
      file_key = intern("???");
      line = 0;
   } else if (dir[0]) {
      /* "dir/file", exactly as the debug info spells both parts. */
      HChar* joined = VG_(malloc)("cg.costs.path",
                                  VG_(strlen)(dir) + VG_(strlen)(file) + 2);
      VG_(sprintf)(joined, "%s/%s", dir, file);
      file_key = intern(joined);
      VG_(free)(joined);
   } else {
      file_key = intern(file);
   }
   /* The file name above is not valid after the next lookup. */
   Bool has_fn = VG_(get_fnname)(ep, instr_addr, &fn);
   const HChar* fn_key = intern(has_fn ? fn : "???");

   if (has_file && has_fn)
      lookups_full++;
   else if (has_file)
      lookups_file_line++;
   else if (has_fn)
      lookups_fn++;
   else
      lookups_none++;
   return &find_or_add_cc(file_key, fn_key, (Int)line)->cost;
}

/* ---- the profile ---- */

/* Buffered output to a file descriptor. */
typedef struct {
   Int fd;
   Bool failed;
   Int used;
   HChar data[65536];
} out_buffer_t;

static void out_flush(out_buffer_t* out)
{
   Int done = 0;
   while (done < out->used && !out->failed) {
      Int n = VG_(write)(out->fd, out->data + done, out->used - done);
      if (n <= 0)
         out->failed = True;
      else
         done += n;
   }
   out->used = 0;
}

static void out_bytes(out_buffer_t* out, const HChar* text, SizeT len)
{
   if (out->used + len > sizeof out->data)
      out_flush(out);
   if (len > sizeof out->data) {
      out->used = 0;
      while (len > 0 && !out->failed) {
         Int n = VG_(write)(out->fd, text, len);
         if (n <= 0)
            out->failed = True;
         else {
            text += n;
            len -= n;
         }
      }
      return;
   }
   VG_(memcpy)(out->data + out->used, text, len);
   out->used += len;
}

static void out_text(out_buffer_t* out, const HChar* text)
{
   out_bytes(out, text, VG_(strlen)(text));
}

/* The counters written for each line, in events: order. */
typedef struct {
   Int count;
   SizeT offsets[13];
} event_columns_t;

static const HChar* events_line(const run_description_t* run)
{
   /* The cache-only line really does end in a space. */
   if (run->cache_sim && run->branch_sim)
      return "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw Bc Bcm Bi Bim\n";
   if (run->cache_sim)
      return "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw \n";
   if (run->branch_sim)
      return "events: Ir Bc Bcm Bi Bim\n";
   return "events: Ir\n";
}

static void choose_columns(const run_description_t* run, event_columns_t* cols)
{
   static const SizeT cache_offsets[] = {__builtin_offsetof(line_cost_t, Ir),
                                         __builtin_offsetof(line_cost_t, I1mr),
                                         __builtin_offsetof(line_cost_t, ILmr),
                                         __builtin_offsetof(line_cost_t, Dr),
                                         __builtin_offsetof(line_cost_t, D1mr),
                                         __builtin_offsetof(line_cost_t, DLmr),
                                         __builtin_offsetof(line_cost_t, Dw),
                                         __builtin_offsetof(line_cost_t, D1mw),
                                         __builtin_offsetof(line_cost_t, DLmw)};
   static const SizeT branch_offsets[] = {__builtin_offsetof(line_cost_t, Bc),
                                          __builtin_offsetof(line_cost_t, Bcm),
                                          __builtin_offsetof(line_cost_t, Bi),
                                          __builtin_offsetof(line_cost_t, Bim)};
   Int i;
   cols->count = 0;
   if (run->cache_sim) {
      for (i = 0; i < 9; i++)
         cols->offsets[cols->count++] = cache_offsets[i];
   } else {
      cols->offsets[cols->count++] = __builtin_offsetof(line_cost_t, Ir);
   }
   if (run->branch_sim)
      for (i = 0; i < 4; i++)
         cols->offsets[cols->count++] = branch_offsets[i];
}

static ULong column_value(const line_cost_t* cost, const event_columns_t* cols,
                          Int i)
{
   return *(const ULong*)((const HChar*)cost + cols->offsets[i]);
}

static void out_counts(out_buffer_t* out, const line_cost_t* cost,
                       const event_columns_t* cols)
{
   HChar buf[32];
   Int i;
   for (i = 0; i < cols->count; i++) {
      VG_(sprintf)(buf, " %llu", column_value(cost, cols, i));
      out_text(out, buf);
   }
   out_text(out, "\n");
}

static void out_cache_desc(out_buffer_t* out, const HChar* name,
                           const cache_t* c)
{
   HChar buf[128];
   if (c->assoc == 1)
      VG_(sprintf)(buf, "desc: %s cache:         %d B, %d B, direct-mapped\n",
                   name, c->size, c->line_size);
   else
      VG_(sprintf)(buf,
                   "desc: %s cache:         %d B, %d B, %d-way associative\n",
                   name, c->size, c->line_size, c->assoc);
   out_text(out, buf);
}

/* One word of the command, as typed, except that a line break in it (an
 * argument such as python3 -c's often holds several lines) is written as
 * a space: written as it is, it would end the cmd: line and leave the
 * rest of the word where readers expect the events: line, and no reader
 * could load the profile. */
static void out_command_word(out_buffer_t* out, const HChar* word)
{
   for (;;) {
      SizeT span = VG_(strcspn)(word, "\n\r");
      out_bytes(out, word, span);
      word += span;
      if (*word == '\0')
         return;
      out_bytes(out, " ", 1);
      word++;
   }
}

static void out_command(out_buffer_t* out)
{
   Int i;
   out_text(out, "cmd: ");
   out_command_word(out, VG_(args_the_exename));
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
      out_text(out, " ");
      out_command_word(out, *(HChar**)VG_(indexXA)(VG_(args_for_client), i));
   }
   out_text(out, "\n");
}

static Int compare_texts(const void* a, const void* b)
{
   return VG_(strcmp)((*(interned_t* const*)a)->text,
                      (*(interned_t* const*)b)->text);
}

/* Numbers the interned strings in strcmp order, so that the cost centres
 * are sorted by comparing numbers: each distinct name is compared with
 * others only while the names are sorted, not again for every pair of
 * cost centres that carry it (a program of 50,000 functions has some
 * 200,000 cost centres, their names often alike up to their last
 * characters). */
static void rank_strings(void)
{
   interned_t** all =
      VG_(malloc)("cg.costs.ranked", (string_count + 1) * sizeof *all);
   UWord i, n = 0;
   for (i = 0; string_buckets && i < string_bucket_count; i++) {
      interned_t* s;
      for (s = string_buckets[i]; s; s = s->next)
         all[n++] = s;
   }
   tl_assert(n == string_count);
   VG_(ssort)(all, n, sizeof *all, compare_texts);
   for (i = 0; i < n; i++)
      all[i]->rank = (UInt)i;
   VG_(free)(all);
}

static UInt rank_of(const HChar* text)
{
   return container_of(text, interned_t, text)->rank;
}

/* Profile order: file, then function (both by strcmp, through their
 * ranks), then line. */
static Int compare_ccs(const void* a, const void* b)
{
   const line_cc_t* x = *(const line_cc_t* const*)a;
   const line_cc_t* y = *(const line_cc_t* const*)b;
   UInt x_file = rank_of(x->file), y_file = rank_of(y->file);
   if (x_file != y_file)
      return x_file < y_file ? -1 : 1;
   UInt x_fn = rank_of(x->fn), y_fn = rank_of(y->fn);
   if (x_fn != y_fn)
      return x_fn < y_fn ? -1 : 1;
   return x->line < y->line ? -1 : x->line > y->line ? 1 : 0;
}

static line_cc_t** sorted_ccs(void)
{
   line_cc_t** all =
       VG_(malloc)("cg.costs.sorted", (cc_count + 1) * sizeof *all);
   UWord i, n = 0;
   rank_strings();
   for (i = 0; cc_buckets && i < cc_bucket_count; i++) {
      line_cc_t* cc;
      for (cc = cc_buckets[i]; cc; cc = cc->next)
         all[n++] = cc;
   }
   tl_assert(n == cc_count);
   VG_(ssort)(all, n, sizeof *all, compare_ccs);
   return all;
}

static void add_cost(line_cost_t* total, const line_cost_t* cost)
{
   total->Ir += cost->Ir;
   total->I1mr += cost->I1mr;
   total->ILmr += cost->ILmr;
   total->Dr += cost->Dr;
   total->D1mr += cost->D1mr;
   total->DLmr += cost->DLmr;
   total->Dw += cost->Dw;
   total->D1mw += cost->D1mw;
   total->DLmw += cost->DLmw;
   total->Bc += cost->Bc;
   total->Bcm += cost->Bcm;
   total->Bi += cost->Bi;
   total->Bim += cost->Bim;
}

/* Statistics gathered while writing, for --stats=yes. */
static ULong files_written, fns_written, lines_written;

/* Writes every cost centre to OUT and adds them up into TOTAL. */
static void write_profile_body(out_buffer_t* out, const run_description_t* run,
                               line_cost_t* total)
{
   event_columns_t cols;
   line_cc_t** all = sorted_ccs();
   const HChar *file = NULL, *fn = NULL;
   HChar buf[32];
   UWord i;

   out_cache_desc(out, "I1", &run->I1);
   out_cache_desc(out, "D1", &run->D1);
   out_cache_desc(out, "LL", &run->LL);
   out_command(out);
   out_text(out, events_line(run));
   choose_columns(run, &cols);
   for (i = 0; i < cc_count; i++) {
      line_cc_t* cc = all[i];
      Bool new_file = cc->file != file;
      if (new_file) {
         out_text(out, "fl=");
         out_text(out, cc->file);
         out_text(out, "\n");
         file = cc->file;
         files_written++;
      }
      if (new_file || cc->fn != fn) {
         out_text(out, "fn=");
         out_text(out, cc->fn);
         out_text(out, "\n");
         fn = cc->fn;
         fns_written++;
      }
      VG_(sprintf)(buf, "%d", cc->line);
      out_text(out, buf);
      out_counts(out, &cc->cost, &cols);
      add_cost(total, &cc->cost);
      lines_written++;
   }
   out_text(out, "summary:");
   out_counts(out, total, &cols);
   VG_(free)(all);
}

/* Linux's numbers, which the core's kernel headers leave out. */
#ifndef VKI_ENAMETOOLONG
#define VKI_ENAMETOOLONG 36
#endif
#ifndef VKI_ESTALE
#define VKI_ESTALE 116
#endif
#ifndef VKI_EDQUOT
#define VKI_EDQUOT 122
#endif

/* The usual reasons a file cannot be written, in words (the core offers
 * no strerror). */
static const HChar* reason_for(UWord error)
{
   switch (error) {
   case VKI_ENOENT:       return "No such file or directory";
   case VKI_EACCES:       return "Permission denied";
   case VKI_EROFS:        return "Read-only file system";
   case VKI_ENOSPC:       return "No space left on device";
   case VKI_EISDIR:       return "Is a directory";
   case VKI_ENOTDIR:      return "Not a directory";
   case VKI_EEXIST:       return "File exists";
   case VKI_EIO:          return "Input/output error";
   case VKI_EPERM:        return "Operation not permitted";
   case VKI_ENAMETOOLONG: return "File name too long";
   case VKI_ELOOP:        return "Too many levels of symbolic links";
   case VKI_ETXTBSY:      return "Text file busy";
   case VKI_EFBIG:        return "File too large";
   case VKI_EMFILE:       return "Too many open files";
   case VKI_ENFILE:       return "Too many open files in system";
   case VKI_ESTALE:       return "Stale file handle";
   case VKI_EDQUOT:       return "Disk quota exceeded";
   default: {
      /* As the C library's strerror() words the others. */
      static HChar unknown[32];
      VG_(snprintf)(unknown, sizeof unknown, "Unknown error %lu", error);
      return unknown;
   }
   }
}

/* HOW is "open" or "write". */
static void report_unwritable(const HChar* path, const HChar* how,
                              const HChar* reason)
{
   VG_(umsg)("error: can't %s cache simulation output file '%s'\n", how,
             path);
   VG_(umsg)("       ... so simulation results will be missing.\n");
   VG_(umsg)("       (%s: %s)\n", path, reason);
}

/* Opens PATH for writing in place, as the installed tool does: created
 * with mode 0600 if new, else truncated.  Returns the descriptor, or -1
 * with the reason in *ERROR. */
static Int open_in_place(const HChar* path, UWord* error)
{
   SysRes sres = VG_(open)(path, VKI_O_CREAT | VKI_O_TRUNC | VKI_O_WRONLY,
                           VKI_S_IRUSR | VKI_S_IWUSR);
   *error = sr_isError(sres) ? sr_Err(sres) : 0;
   return sr_isError(sres) ? -1 : (Int)sr_Res(sres);
}

/* How the profile reaches PATH. */
typedef enum {
   BY_RENAME,   /* a temporary beside it, renamed over it */
   IN_PLACE,    /* opened and truncated, as the installed tool does */
   REFUSED      /* a file there that the user may not write */
} profile_route_t;

/* Where a rename would be wrong, the profile is written in place: a
 * symbolic link (the profile goes to what it names), a file with other
 * hard links (they must see the profile too), a device or a pipe (a
 * rename would put a file in its place), a file of another owner (the
 * temporary cannot be given it: a rename would take the file from its
 * owner, and in a folder with the sticky bit it would be refused; a group
 * the temporary does not get is found once it is made, open_profile()).
 * A file there that the user may not write is refused, as opening it
 * would be, and so is a name that cannot even be looked up for another
 * reason than its absence (longer than a file name may be, in a folder
 * that may not be searched): a temporary of a shorter name could be made
 * beside it, but not renamed to it.  Sets *MODE to the permissions of the
 * file there, or to 0600 if there is none, and *ERROR to the reason for a
 * refusal. */
static profile_route_t profile_route(const HChar* path, UInt* mode,
                                     UWord* error)
{
   HChar target[1];
   struct vg_stat st;
   SysRes looked_up = VG_(stat)(path, &st);
   if (sr_isError(looked_up) && sr_Err(looked_up) != VKI_ENOENT) {
      *error = sr_Err(looked_up);
      return REFUSED;
   }
   Bool exists = !sr_isError(looked_up);
   *mode = exists ? st.mode & 07777 : VKI_S_IRUSR | VKI_S_IWUSR;
   if (VG_(readlink)(path, target, sizeof target) >= 0)
      return IN_PLACE;
   if (!exists)
      return BY_RENAME;
   if (!VKI_S_ISREG(st.mode) || st.nlink > 1)
      return IN_PLACE;
   /* Opened for writing, not truncated, only to learn whether it may be. */
   SysRes sres = VG_(open)(path, VKI_O_WRONLY, 0);
   if (sr_isError(sres)) {
      *error = sr_Err(sres);
      return REFUSED;
   }
   VG_(close)((Int)sr_Res(sres));
   if (st.uid != (UInt)VG_(geteuid)())
      return IN_PLACE;
   return BY_RENAME;
}

/* The core's system call entry (its pub_core_syscall.h), for the one call
 * the tool API lacks: fchmod. */
extern SysRes VG_(do_syscall)(UWord sysno, RegWord a1, RegWord a2, RegWord a3,
                              RegWord a4, RegWord a5, RegWord a6, RegWord a7,
                              RegWord a8);

/* Makes a new file beside PATH (in its folder), with permissions MODE:
 * PATH.tmp.PID, or, where that name is too long, cg.tmp.PID in the same
 * folder.  Returns its descriptor and sets *TEMP_PATH (to free), or
 * returns -1. */
static Int make_temp_beside(const HChar* path, UInt mode, HChar** temp_path)
{
   Int length = VG_(strlen)(path);
   /* Room for either name: the shorter replaces a base name that may be
    * shorter still ("a/x"). */
   HChar* temp = VG_(malloc)("cg.costs.temp", length + 32);
   VG_(sprintf)(temp, "%s.tmp.%d", path, VG_(getpid)());
   SysRes sres = VG_(open)(temp, VKI_O_CREAT | VKI_O_EXCL | VKI_O_WRONLY, mode);
   if (sr_isError(sres) && sr_Err(sres) == VKI_ENAMETOOLONG) {
      const HChar* slash = VG_(strrchr)(path, '/');
      Int folder = slash == NULL ? 0 : (Int)(slash - path) + 1;
      VG_(sprintf)(temp + folder, "cg.tmp.%d", VG_(getpid)());
      sres = VG_(open)(temp, VKI_O_CREAT | VKI_O_EXCL | VKI_O_WRONLY, mode);
   }
   if (sr_isError(sres)) {
      VG_(free)(temp);
      return -1;
   }
   *temp_path = temp;
   return (Int)sr_Res(sres);
}

/* Opens PATH for the profile.  A new file, or a regular file of one name,
 * is written under a temporary name beside it (with the file's
 * permissions) and renamed into place afterwards, so that
 * no reader ever sees half a profile and a failed write leaves the
 * previous file as it was.  What profile_route() says is written in
 * place, and so is any file whose temporary cannot be made (in a folder
 * the user may write files in but not create them).  Returns the
 * descriptor, or -1 with the reason in *ERROR; *TEMP_PATH is the name to
 * rename from, or NULL. */
static Int open_profile(const HChar* path, HChar** temp_path, UWord* error)
{
   UInt mode;
   *temp_path = NULL;
   switch (profile_route(path, &mode, error)) {
   case REFUSED:
      return -1;
   case IN_PLACE:
      return open_in_place(path, error);
   case BY_RENAME:
      break;
   }
   HChar* temp;
   Int fd = make_temp_beside(path, mode, &temp);
   if (fd < 0)
      return open_in_place(path, error);
   /* The temporary's group is the user's, or in a set-group-ID folder the
    * folder's: where it is not the replaced file's, written in place. */
   struct vg_stat old, made;
   Bool replacing = !sr_isError(VG_(stat)(path, &old));
   if (replacing && (VG_(fstat)(fd, &made) != 0 || made.gid != old.gid)) {
      VG_(close)(fd);
      VG_(unlink)(temp);
      VG_(free)(temp);
      return open_in_place(path, error);
   }
   /* open() took the umask off the replaced file's permissions: they are
    * given back whole, as the file written in place would have kept them
    * (the new file's own, 0600 less the umask, are the installed tool's).
    * Should it fail, the profile is still written, with the umask's. */
   if (replacing)
      VG_(do_syscall)(__NR_fchmod, fd, mode, 0, 0, 0, 0, 0, 0);
   *temp_path = temp;
   return fd;
}

/* Writes the profile to PATH and adds up the totals into TOTAL.  Returns
 * False, having said why, if it could not: TOTAL is then left all zero if
 * PATH could not be opened, and holds the totals if writing failed, as
 * the installed tool's summary has them then. */
static Bool write_profile(const HChar* path, const run_description_t* run,
                          line_cost_t* total)
{
   static out_buffer_t out;
   HChar* temp_path;
   UWord error = 0;
   out.fd = open_profile(path, &temp_path, &error);
   if (out.fd < 0) {
      report_unwritable(path, "open", reason_for(error));
      return False;
   }
   out.failed = False;
   out.used = 0;
   line_cost_t sum = {0};
   write_profile_body(&out, run, &sum);
   out_flush(&out);
   /* The system call itself, for its error, as for the rename below:
    * VG_(close) drops it, and a file system that writes back late (NFS,
    * quotas) reports a failed write only there. */
   SysRes closed = VG_(do_syscall)(__NR_close, out.fd, 0, 0, 0, 0, 0, 0, 0);
   const HChar* failure = out.failed ? "writing failed (disk full?)" : NULL;
   static HChar close_failure[96];
   /* A close interrupted by a signal has still closed the file on Linux,
    * and reports no failed write: not a failure. */
   if (!failure && sr_isError(closed) && sr_Err(closed) != VKI_EINTR) {
      VG_(snprintf)(close_failure, sizeof close_failure,
                    "closing the profile failed: %s",
                    reason_for(sr_Err(closed)));
      failure = close_failure;
   }
   if (temp_path) {
      static HChar rename_failure[96];
      if (!failure) {
         SysRes renamed = VG_(do_syscall)(__NR_rename, (UWord)temp_path,
                                          (UWord)path, 0, 0, 0, 0, 0, 0);
         if (sr_isError(renamed)) {
            VG_(snprintf)(
               rename_failure, sizeof rename_failure,
               "could not rename the finished profile into place: %s",
               reason_for(sr_Err(renamed)));
            failure = rename_failure;
         }
      }
      if (failure)
         VG_(unlink)(temp_path);
      VG_(free)(temp_path);
   }
   *total = sum;
   if (failure) {
      report_unwritable(path, "write", failure);
      return False;
   }
   return True;
}

/* ---- the summary on stderr ---- */

/* Columns taken by N printed with thousands separators. */
static Int grouped_width(ULong n)
{
   Int digits = 1;
   while (n >= 10) {
      n /= 10;
      digits++;
   }
   return digits + (digits - 1) / 3;
}

static double percent(ULong part, ULong whole)
{
   return (double)part * 100.0 / (double)whole;
}

static void print_cache_summary(const line_cost_t* t, Int w1, Int w2, Int w3)
{
   ULong Ir = t->Ir;
   VG_(umsg)("I1  misses:    %'*llu\n", w1, t->I1mr);
   VG_(umsg)("LLi misses:    %'*llu\n", w1, t->ILmr);
   /* Rates over nothing are shown as rates over one. */
   if (Ir == 0)
      Ir = 1;
   VG_(umsg)("I1  miss rate: %*.2f%%\n", w1, percent(t->I1mr, Ir));
   VG_(umsg)("LLi miss rate: %*.2f%%\n", w1, percent(t->ILmr, Ir));
   VG_(umsg)("\n");

   ULong D = t->Dr + t->Dw, Dr = t->Dr, Dw = t->Dw;
   VG_(umsg)("D   refs:      %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, D, w2, Dr, w3, Dw);
   VG_(umsg)("D1  misses:    %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, t->D1mr + t->D1mw, w2, t->D1mr, w3, t->D1mw);
   VG_(umsg)("LLd misses:    %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, t->DLmr + t->DLmw, w2, t->DLmr, w3, t->DLmw);
   if (D == 0)
      D = 1;
   if (Dr == 0)
      Dr = 1;
   if (Dw == 0)
      Dw = 1;
   VG_(umsg)("D1  miss rate: %*.1f%% (%*.1f%%     + %*.1f%%  )\n",
             w1, percent(t->D1mr + t->D1mw, D), w2, percent(t->D1mr, Dr),
             w3, percent(t->D1mw, Dw));
   VG_(umsg)("LLd miss rate: %*.1f%% (%*.1f%%     + %*.1f%%  )\n",
             w1, percent(t->DLmr + t->DLmw, D), w2, percent(t->DLmr, Dr),
             w3, percent(t->DLmw, Dw));
   VG_(umsg)("\n");

   ULong LL_reads = t->I1mr + t->D1mr, LL_read_misses = t->ILmr + t->DLmr;
   VG_(umsg)("LL refs:       %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, LL_reads + t->D1mw, w2, LL_reads, w3, t->D1mw);
   VG_(umsg)("LL misses:     %'*llu  (%'*llu rd   + %'*llu wr)\n",
             w1, LL_read_misses + t->DLmw, w2, LL_read_misses, w3, t->DLmw);
   VG_(umsg)("LL miss rate:  %*.1f%% (%*.1f%%     + %*.1f%%  )\n",
             w1, percent(LL_read_misses + t->DLmw, Ir + D),
             w2, percent(LL_read_misses, Ir + Dr), w3, percent(t->DLmw, Dw));
}

static void print_branch_summary(const line_cost_t* t, Int w1, Int w2, Int w3)
{
   /* No branches of a kind are shown as one, in the totals too. */
   ULong Bc = t->Bc ? t->Bc : 1, Bi = t->Bi ? t->Bi : 1;
   VG_(umsg)("\n");
   VG_(umsg)("Branches:      %'*llu  (%'*llu cond + %'*llu ind)\n",
             w1, Bc + Bi, w2, Bc, w3, Bi);
   VG_(umsg)("Mispredicts:   %'*llu  (%'*llu cond + %'*llu ind)\n",
             w1, t->Bcm + t->Bim, w2, t->Bcm, w3, t->Bim);
   VG_(umsg)("Mispred rate:  %*.1f%% (%*.1f%%     + %*.1f%%   )\n",
             w1, percent(t->Bcm + t->Bim, Bc + Bi), w2, percent(t->Bcm, Bc),
             w3, percent(t->Bim, Bi));
}

static void print_summary(const run_description_t* run, const line_cost_t* t)
{
   Int w1 = grouped_width(t->Ir);
   Int w2 = grouped_width(t->Dr > t->Bc ? t->Dr : t->Bc);
   Int w3 = grouped_width(t->Dw > t->Bi ? t->Dw : t->Bi);
   VG_(umsg)("I   refs:      %'*llu\n", w1, t->Ir);
   if (run->cache_sim)
      print_cache_summary(t, w1, w2, w3);
   if (run->branch_sim)
      print_branch_summary(t, w1, w2, w3);
}

static void print_stats(void)
{
   ULong lookups = lookups_full + lookups_file_line + lookups_fn + lookups_none;
   double whole = lookups ? (double)lookups : 1.0;
   VG_(dmsg)("\n");
   VG_(dmsg)("cachegrind: distinct files     : %llu\n", files_written);
   VG_(dmsg)("cachegrind: distinct functions : %llu\n", fns_written);
   VG_(dmsg)("cachegrind: distinct lines     : %llu\n", lines_written);
   VG_(dmsg)("cachegrind: distinct instrs NoX: %llu\n", instrs_one_line);
   VG_(dmsg)("cachegrind: distinct instrs Gen: %llu\n", instrs_general);
   VG_(dmsg)("cachegrind: debug lookups      : %llu\n", lookups);
   VG_(dmsg)("cachegrind: with full      info:%6.1f%% (%llu)\n",
             lookups_full * 100.0 / whole, lookups_full);
   VG_(dmsg)("cachegrind: with file/line info:%6.1f%% (%llu)\n",
             lookups_file_line * 100.0 / whole, lookups_file_line);
   VG_(dmsg)("cachegrind: with fn name   info:%6.1f%% (%llu)\n",
             lookups_fn * 100.0 / whole, lookups_fn);
   VG_(dmsg)("cachegrind: with zero      info:%6.1f%% (%llu)\n",
             lookups_none * 100.0 / whole, lookups_none);
   VG_(dmsg)("cachegrind: string table size: %lu\n", string_count);
   VG_(dmsg)("cachegrind: CC table size: %lu\n", cc_count);
   VG_(dmsg)("cachegrind: InstrInfo table size: %d\n", live_superblocks);
}

Bool cg_costs_finish(const run_description_t* run)
{
   /* Expanded now, at exit, as the documentation of %p and %q promises. */
   HChar* path = VG_(expand_file_name)("--cachegrind-out-file",
                                       run->out_file_format);
   line_cost_t total = {0};
   Bool written = write_profile(path, run, &total);
   VG_(free)(path);
   if (VG_(clo_verbosity) >= 1) {
      print_summary(run, &total);
      if (VG_(clo_stats))
         print_stats();
   }
   return written;
}
