/* cg_alloc.c: allocation that ends the program with a one-line message
 * when memory runs out (see cg_alloc.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_alloc.h"
#include "cg_cli.h"

static const char* reading_path;
static const uint64_t* reading_line;

void cg_alloc_reading(const char* path, const uint64_t* line)
{
   reading_path = path;
   reading_line = line;
}

static void __attribute__((noreturn)) out_of_memory(void)
{
   if (reading_path != NULL && reading_line != NULL && *reading_line > 0)
      cg_fatal("%s:%llu: out of memory", reading_path,
               (unsigned long long)*reading_line);
   if (reading_path != NULL)
      cg_fatal("%s: out of memory", reading_path);
   cg_fatal("out of memory");
}

static void* checked(void* block)
{
   if (block == NULL)
      out_of_memory();
   return block;
}

void* cg_xmalloc(size_t size) { return checked(malloc(size ? size : 1)); }

void* cg_xcalloc(size_t count, size_t size)
{
   return checked(calloc(count ? count : 1, size ? size : 1));
}

void* cg_xreallocarray(void* old, size_t count, size_t size)
{
   if (size != 0 && count > SIZE_MAX / size)
      out_of_memory();
   size_t bytes = count * size;
   return checked(realloc(old, bytes != 0 ? bytes : 1));
}

char* cg_xstrndup(const char* text, size_t length)
{
   char* copy = cg_xmalloc(length + 1);
   memcpy(copy, text, length);
   copy[length] = '\0';
   return copy;
}

char* cg_xvprintf(const char* format, va_list args)
{
   va_list again;
   va_copy(again, args);
   int length = vsnprintf(NULL, 0, format, args);
   /* Only a text longer than an int can count fails. */
   if (length < 0)
      out_of_memory();
   char* text = cg_xmalloc((size_t)length + 1);
   vsnprintf(text, (size_t)length + 1, format, again);
   va_end(again);
   return text;
}

char* cg_xprintf(const char* format, ...)
{
   va_list args;
   va_start(args, format);
   char* text = cg_xvprintf(format, args);
   va_end(args);
   return text;
}

void cg_text_append(cg_text* text, const char* bytes, size_t count)
{
   if (count > SIZE_MAX / 2 - 1 - text->length)
      out_of_memory();
   if (text->length + count + 1 > text->capacity) {
      text->capacity = (text->length + count + 1) * 2;
      text->text = cg_xreallocarray(text->text, text->capacity, 1);
   }
   memcpy(text->text + text->length, bytes, count);
   text->length += count;
   text->text[text->length] = '\0';
}
