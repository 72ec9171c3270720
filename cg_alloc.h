/* cg_alloc.h: allocation for the post-processing programs.  Running out of
 * memory is reported once, as a one-line error, and ends the program: no
 * caller has a better way to go on.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef CG_ALLOC_H
#define CG_ALLOC_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* While a file is read, the message names PATH and the line *LINE (LINE
 * NULL, or *LINE 0: the file alone), as the input's own errors do: an
 * input too large for memory is told apart from the others.
 * cg_alloc_reading(NULL, NULL) when the reading ends. */
void cg_alloc_reading(const char* path, const uint64_t* line);

void* cg_xmalloc(size_t size);
void* cg_xcalloc(size_t count, size_t size);
/* Grows an array of COUNT elements of SIZE bytes; checks the product. */
void* cg_xreallocarray(void* old, size_t count, size_t size);
char* cg_xstrndup(const char* text, size_t length);
/* The text FORMAT makes of its arguments, whole, in a block of its own
 * (as asprintf() and vasprintf() make it). */
char* cg_xprintf(const char* format, ...) __attribute__((format(printf, 1, 2)));
char* cg_xvprintf(const char* format, va_list args);

/* A text that grows as it is written: zero-initialised it is empty, and
 * TEXT (to free) stays NUL-terminated once anything is appended. */
typedef struct {
   char* text;
   size_t length, capacity;
} cg_text;

/* Appends COUNT bytes (NULs too) to TEXT. */
void cg_text_append(cg_text* text, const char* bytes, size_t count);

#endif
