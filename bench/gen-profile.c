/* gen-profile.c: writes a large synthetic cachegrind.out profile for
 * bench/bench-profile.sh, fast enough that making 100 MB takes about a
 * second.
 *
 *   gen-profile MEGABYTES SEED > profile
 *
 * The profile has the nine events of a cache simulation, many files, 25
 * functions per file and 40 count lines per function, with counts shaped
 * like real ones (Ir in the thousands, misses mostly small, some zero);
 * the seed varies the counts, not the names or lines, so profiles made
 * with different seeds merge line for line.  Its summary line is the sum
 * of its count lines, as every reader checks.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { EVENTS = 9, FUNCTIONS_PER_FILE = 25, LINES_PER_FUNCTION = 40 };

static uint64_t random_state;

static uint64_t next_random(void)
{
   /* xorshift64*: plenty for shaping counts. */
   random_state ^= random_state >> 12;
   random_state ^= random_state << 25;
   random_state ^= random_state >> 27;
   return random_state * 0x2545F4914F6CDD1DULL;
}

/* One count line's counts: Ir, I1mr, ILmr, Dr, D1mr, DLmr, Dw, D1mw, DLmw. */
static void make_counts(uint64_t counts[EVENTS])
{
   uint64_t r = next_random();
   counts[0] = 1 + r % 200000;            /* Ir */
   counts[1] = (r >> 20) % 4 == 0 ? (r >> 24) % 50 : 0;
   counts[2] = counts[1] / 2;
   counts[3] = counts[0] / 3 + (r >> 30) % 7; /* Dr */
   counts[4] = (r >> 34) % 300;
   counts[5] = counts[4] / 4;
   counts[6] = counts[0] / 5;             /* Dw */
   counts[7] = (r >> 44) % 100;
   counts[8] = counts[7] / 3;
}

int main(int argc, char** argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: gen-profile MEGABYTES SEED\n");
      return 2;
   }
   uint64_t target = strtoull(argv[1], NULL, 10) * 1000000;
   random_state = strtoull(argv[2], NULL, 10) * 0x9E3779B97F4A7C15ULL + 1;
   static char buffer[1 << 20];
   setvbuf(stdout, buffer, _IOFBF, sizeof buffer);

   uint64_t summary[EVENTS] = {0}, counts[EVENTS];
   uint64_t written = (uint64_t)printf(
      "desc: I1 cache:         32768 B, 64 B, 8-way associative\n"
      "desc: D1 cache:         49152 B, 64 B, 12-way associative\n"
      "desc: LL cache:         33554432 B, 64 B, 16-way associative\n"
      "cmd: ./synthetic --large\n"
      "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw\n");
   for (unsigned file = 0; written < target; file++) {
      written += (uint64_t)printf(
          "fl=/usr/src/project/module%u/source_file_%u.c\n", file % 97, file);
      for (unsigned function = 0; function < FUNCTIONS_PER_FILE; function++) {
         written += (uint64_t)printf("fn=module%u_function_%u_%u\n", file % 97,
                                     file, function);
         unsigned line = 10 + function * 60;
         for (unsigned l = 0; l < LINES_PER_FUNCTION; l++) {
            line += 1 + l % 3;
            make_counts(counts);
            char text[256];
            int length = snprintf(text, sizeof text, "%u", line);
            for (int e = 0; e < EVENTS; e++) {
               summary[e] += counts[e];
               length += snprintf(text + length, sizeof text - (size_t)length,
                                  " %" PRIu64, counts[e]);
            }
            text[length++] = '\n';
            fwrite(text, 1, (size_t)length, stdout);
            written += (uint64_t)length;
         }
      }
   }
   printf("summary:");
   for (int e = 0; e < EVENTS; e++)
      printf(" %" PRIu64, summary[e]);
   printf("\n");
   return fflush(stdout) != 0;
}
