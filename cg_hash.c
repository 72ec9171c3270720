/* cg_hash.c: the keyed hash of the post-processing programs' tables (see
 * cg_hash.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "cg_hash.h"

/* A bijection of 64-bit words in which every bit of the input moves about
 * half the bits of the output (the finalizer of MurmurHash3).  Being a
 * bijection, two inputs of one step never meet; the key, unknown to
 * whoever wrote the input, makes which of them share a slot unforeseeable. */
static uint64_t scramble(uint64_t word)
{
   word ^= word >> 33;
   word *= 0xff51afd7ed558ccdULL;
   word ^= word >> 33;
   word *= 0xc4ceb9fe1a85ec53ULL;
   word ^= word >> 33;
   return word;
}

static uint64_t key(void)
{
   static uint64_t drawn;
   static int have_key;
   if (!have_key) {
      /* Without the system's random numbers (a kernel before 3.17 or a
       * seccomp filter), the time and the process stand in: weaker, but
       * still not known to the input's writer in advance. */
      if (getrandom(&drawn, sizeof drawn, GRND_NONBLOCK) != sizeof drawn) {
         struct timespec now;
         clock_gettime(CLOCK_REALTIME, &now);
         drawn = scramble((uint64_t)now.tv_nsec ^
                          ((uint64_t)now.tv_sec << 30) ^
                          ((uint64_t)getpid() << 48) ^ (uintptr_t)&now);
      }
      have_key = 1;
   }
   return drawn;
}

uint32_t cg_hash_word(uint64_t word)
{
   return (uint32_t)scramble(word ^ key());
}

uint32_t cg_hash_two_words(uint64_t first, uint64_t second)
{
   /* Not a hash of one word that combines the two: any such combination
    * of 128 bits into 64 has pairs that meet whatever the key, and an
    * input could be made of them. */
   return (uint32_t)scramble(scramble(first ^ key()) ^ second);
}

uint32_t cg_hash_bytes(const char* text, size_t length)
{
   /* Eight bytes a step, the last step's word padded with zero bytes; the
    * length, taken in first, tells "a" from "a\0". */
   uint64_t state = scramble(key() ^ length);
   size_t at = 0;
   for (; at + 8 <= length; at += 8) {
      uint64_t word;
      memcpy(&word, text + at, 8);
      state = scramble(state ^ word);
   }
   if (at < length) {
      uint64_t word = 0;
      memcpy(&word, text + at, length - at);
      state = scramble(state ^ word);
   }
   return (uint32_t)state;
}
