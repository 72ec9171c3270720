/* cg_hash.h: the hash of the post-processing programs' tables (names,
 * (file, function) pairs and lines).  It is keyed by a number drawn at
 * random once per run, so that no input can be made to send many keys to
 * one slot of a table: with a fixed hash a profile of line numbers chosen
 * for it made cg_merge take quadratic time.  Nothing that depends on the
 * key reaches an output: the tables only find items, kept in arrays in
 * the order they came.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_HASH_H
#define CG_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The hash of the 64-bit WORD. */
uint32_t cg_hash_word(uint64_t word);

/* The hash of the two 64-bit words FIRST and SECOND, in that order. */
uint32_t cg_hash_two_words(uint64_t first, uint64_t second);

/* The hash of the LENGTH bytes at TEXT. */
uint32_t cg_hash_bytes(const char* text, size_t length);

#endif
