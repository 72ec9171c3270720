/* cg_profile.h: a profile in memory, as the three post-processing programs
 * share it.  Reading a cachegrind.out file adds it into a profile (so
 * reading several files sums them, and reading with sign -1 subtracts);
 * the profile keeps the counts per (file, function) and, for the files a
 * program asks for, per (file, function, line).  It never holds the text.
 *
 * The contract of the reader (what it accepts, what it rejects and how it
 * says so) is written at the top of cg_profile_read.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_PROFILE_H
#define CG_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "cg_carries.h"
#include "cg_names.h"
#include "cg_subst.h"

typedef int64_t cg_count;
/* An exact sum of counts, which may leave 64 bits where its total, or
 * what it is compared with, does not. */
typedef __int128 cg_sum;

/* The ASCII characters Python's str.split() splits on, line ends aside:
 * the blanks between a profile line's fields, as the established tools
 * take them (the reader, and cg_annotate telling a profile from a
 * source). */
static inline int cg_is_blank(char c)
{
   return c == ' ' || c == '\t' || c == '\v' || c == '\f' ||
          (c >= '\x1c' && c <= '\x1f');
}

/* What one data file said about itself. */
typedef struct cg_input {
   char* path;
   char** descriptions;  /* the text of each desc: line, in order */
   size_t description_count;
   char* command;        /* the cmd: line's text */
} cg_input;

/* How a program wants its files read; the differences between the
 * programs are all here. */
typedef struct cg_read_rules {
   /* Accept Callgrind's fi=/fe= lines: they set the file of the count
    * lines that follow, the function staying the same. */
   int accept_inline_files;
   /* A count line before any fl= line: if set, its counts go into the
    * profile's total only (so an annotation's final check can say they
    * were never attributed); if not, they belong to the file "" and, until
    * an fn= line, the function "". */
   int total_only_before_file;
   /* The function counts belong to after fl= and before any fn=. */
   const char* unnamed_function;
   /* If set, each fl= line records (file, unnamed_function) at once, even
    * if no count follows. */
   int record_unnamed_on_file_line;
   /* Renamings applied to every file / function name as it is read
    * (NULL: none). */
   const cg_subst* file_subst;
   const cg_subst* function_subst;
   /* Which files keep per-line counts: NULL keeps every file's; otherwise
    * it is asked once per (renamed) file name. */
   int (*keep_lines)(void* context, const char* file_name);
   void* keep_lines_context;
   /* If set, asked about each file's events (NAMES, COUNT of them) as its
    * events: line is read, before they are compared with the first
    * file's: it returns 1 to accept them, or 0 with the reading's error
    * in *ERROR, allocated (the profile takes it). */
   int (*check_events)(void* context, char* const* names, size_t count,
                       char** error);
   void* check_events_context;
} cg_read_rules;

/* A keep_lines that keeps no file's lines (the functions' counts only). */
int cg_keep_no_lines(void* context, const char* file_name);

/* The number of digits N where the name TEXT (LENGTH bytes) starts as
 * Callgrind's name compression reads a name line's value: "(N)" alone (a
 * name defined before) or "(N) name" (defining N); 0 otherwise. */
size_t cg_compressed_name_digits(const char* text, size_t length);

enum cg_name_kind { CG_AS_FILE, CG_AS_FUNCTION };

/* Per-name facts the reader keeps, indexed by name id. */
typedef struct cg_name_use {
   /* Its name after file_subst [CG_AS_FILE] or function_subst
    * [CG_AS_FUNCTION], valid if the matching bit of renamings_known is
    * set. */
   cg_name_id renamed[2];
   uint8_t renamings_known;
   uint8_t keeps_lines;            /* 0: not asked yet, 1: yes, 2: no */
   uint8_t named_in_file_line;     /* an fl=/fi=/fe= line used this name */
} cg_name_use;

typedef struct cg_profile {
   cg_read_rules rules;
   cg_names names;       /* every file and function name */
   cg_name_use* name_use;
   size_t name_use_capacity;

   size_t event_count;   /* 0 until the first file has been read */
   char** event_names;
   cg_input* inputs;
   size_t input_count;
   cg_count* summary;    /* the sum of the summary lines read */

   /* (file, function) pairs, in the order of their first count line;
    * pair_counts holds event_count totals per pair. */
   cg_name_id* pair_file;
   cg_name_id* pair_function;
   cg_count* pair_counts;
   size_t pair_count, pair_capacity;
   uint32_t* pair_slots;
   size_t pair_slot_mask;

   /* (pair, line) entries, in the order of their first count line. */
   uint32_t* entry_pair;
   uint64_t* entry_line;
   cg_count* entry_counts;
   size_t entry_count, entry_capacity;
   uint64_t* entry_slots;     /* hash << 32 | (entry + 1), 0 = free */
   size_t entry_slot_mask;

   /* The counts above (summary, pairs' and entries') whose sums wrapped:
    * keyed by where they live (count_key() in cg_profile.c). */
   cg_carries carries;

   /* Why the last cg_profile_read() or cg_profile_counts_fit() failed,
    * and which file differs when events differ (else NULL): allocated,
    * whole however long the paths and names in them. */
   char* error;
   char* error_detail;
} cg_profile;

void cg_profile_init(cg_profile* profile, const cg_read_rules* rules);
void cg_profile_free(cg_profile* profile);

/* Sets profile->error to the text FORMAT makes of its arguments. */
void cg_profile_set_error(cg_profile* profile, const char* format, ...)
   __attribute__((format(printf, 2, 3)));

/* Reads the data file PATH and adds SIGN (1 or -1) times its counts.
 * Returns 1 on success; on failure returns 0 with a one-line message in
 * profile->error (its forms are listed in the contract at the top of
 * cg_profile_read.c), the profile then being unfit for further use. */
int cg_profile_read(cg_profile* profile, const char* path, int sign);

/* Finds or adds the pair (FILE, FUNCTION); returns its index. */
uint32_t cg_profile_pair(cg_profile* profile, cg_name_id file,
                         cg_name_id function);

/* Sizes the entry table for COUNT entries in all, so it need not grow
 * step by step while they come. */
void cg_profile_expect_entries(cg_profile* profile, size_t count);

/* Finds or adds the entry (PAIR, LINE); returns its index. */
size_t cg_profile_entry(cg_profile* profile, uint32_t pair, uint64_t line);

static inline cg_count* cg_pair_counts(const cg_profile* profile,
                                       size_t pair)
{
   return profile->pair_counts + pair * profile->event_count;
}

static inline cg_count* cg_entry_counts(const cg_profile* profile,
                                        size_t entry)
{
   return profile->entry_counts + entry * profile->event_count;
}

/* Where a count of the profile lives (in the order in which
 * cg_profile_counts_fit() looks, so that it names the most precise count
 * kept that does not fit). */
enum cg_count_home { CG_IN_ENTRY = 1, CG_IN_PAIR, CG_IN_SUMMARY };

/* Adds SIGN (1 or -1) times the event_count counts ADDEND to those of
 * HOME number INDEX (0 for the summary).  A sum may leave 64 bits on the
 * way: it is kept exact, and checked by cg_profile_counts_fit(). */
void cg_profile_add(cg_profile* profile, enum cg_count_home home,
                    size_t index, const cg_count* addend, int sign);

/* SUM += the counts of HOME number INDEX, exactly: as they would be had
 * they been summed without ever leaving 64 bits. */
void cg_profile_sum_add(const cg_profile* profile, enum cg_count_home home,
                        size_t index, cg_sum* sum);

/* Once every file is read: returns 1 if every count the program writes
 * fits in 64 bits: the summary's, and the lines' if LINES_WRITTEN (as
 * cg_merge writes them), else the functions' totals; otherwise 0, with
 * "PROFILE: counts overflow 64 bits when summed: WHICH" in
 * profile->error, PROFILE the one file read or "the profiles". */
int cg_profile_counts_fit(cg_profile* profile, int lines_written);
/* SUM += COUNTS, every event. */
void cg_sum_add(cg_sum* sum, const cg_count* counts, size_t events);
/* SUM += ADDEND, every event. */
void cg_sum_add_sum(cg_sum* sum, const cg_sum* addend, size_t events);
/* "-170141183460469231731687303715884105728": the digits of VALUE. */
void cg_format_sum(char* out, cg_sum value);

#endif
