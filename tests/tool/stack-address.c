/* stack-address.c: prints where its stack is, for the tool suite: the same
 * address twice when both runs of vg-side-by-side keep the same layout.
 * SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>

int main(void)
{
   int local = 0;
   printf("%p\n", (void*)&local);
   return local;
}
