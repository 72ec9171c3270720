/* true32.c: a 32-bit program that does nothing, for the tool suite.
 * SPDX-License-Identifier: GPL-2.0-or-later */
int main(void)
{
   return 0;
}
