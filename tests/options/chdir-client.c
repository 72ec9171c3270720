/* chdir-client.c: a client for the option tests that changes its working
 * folder before it exits, so a test can check that a relative
 * --cachegrind-out-file is taken from the folder the tool started in.
 *
 * usage: chdir-client [FOLDER]   (exits 0, or 2 if chdir fails)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char** argv)
{
   if (argc > 1 && chdir(argv[1]) != 0) {
      perror(argv[1]);
      return 2;
   }
   return 0;
}
