/* own-map.c: a program for the tool suite's vg-side-by-side checks.
 * "plain" does a fixed amount of work, the same under any tool; "map"
 * walks its memory map and works in proportion to the size of every
 * mapping of the running tool's file (cachegrind-...), so that its counts
 * depend on which Cachegrind runs it.
 * SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>
#include <string.h>

static volatile unsigned long sink;

static void work(unsigned long rounds)
{
   unsigned long i;
   for (i = 0; i < rounds; i++)
      sink += i * 7;
}

int main(int argc, char** argv)
{
   if (argc == 2 && strcmp(argv[1], "plain") == 0) {
      work(100000);
      return 0;
   }
   if (argc == 2 && strcmp(argv[1], "map") == 0) {
      FILE* maps = fopen("/proc/self/maps", "r");
      char line[4096];
      unsigned long start, end;
      if (maps == NULL)
         return 1;
      while (fgets(line, sizeof line, maps) != NULL)
         if (strstr(line, "/cachegrind-") != NULL
             && sscanf(line, "%lx-%lx", &start, &end) == 2)
            work((end - start) >> 10);
      fclose(maps);
      return 0;
   }
   fprintf(stderr, "usage: own-map plain|map\n");
   return 2;
}
