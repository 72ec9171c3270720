/* Workload for the differential tests: the libc string routines (memcpy,
 * memmove, memset, strlen, strcmp, strchr) on buffers at every alignment
 * from 0 to 63 and with lengths from 1 byte to several kilobytes.  glibc's
 * vectorised versions then make wide loads and stores that straddle cache
 * lines, and masked or overlapping tail accesses.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1 -fno-builtin
 */
#include <stdio.h>
#include <string.h>

#define BUFFER_SIZE 16384

static char source[BUFFER_SIZE] __attribute__((aligned(64)));
static char target[BUFFER_SIZE] __attribute__((aligned(64)));

/* Lengths chosen to hit each size class of the vectorised routines. */
static const size_t lengths[] = { 1, 3, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65,
				  100, 127, 129, 255, 257, 1000, 4095, 4097 };
#define LENGTH_COUNT (sizeof lengths / sizeof lengths[0])

static void fill_text(char *buffer, size_t size)
{
	for (size_t i = 0; i < size; i++)
		buffer[i] = (char)('a' + (i * 7 + i / 13) % 26);
}

static unsigned long copy_and_move(void)
{
	unsigned long check = 0;
	for (size_t offset = 0; offset < 64; offset++)
		for (size_t l = 0; l < LENGTH_COUNT; l++) {
			size_t length = lengths[l];
			memcpy(target + 64 - offset / 2, source + offset, length);
			memmove(target + offset + 5, target + offset, length);
			memmove(target + offset, target + offset + 3, length);
			memset(target + offset + 1, (int)(offset + l), length);
			check += (unsigned char)target[offset + length / 2];
		}
	return check;
}

static unsigned long scan(void)
{
	unsigned long check = 0;
	for (size_t offset = 0; offset < 64; offset++)
		for (size_t l = 0; l < LENGTH_COUNT; l++) {
			size_t length = lengths[l];
			fill_text(target + offset, length + 1);
			memcpy(target + 8000 + offset, source + offset, length);
			target[offset + length] = '\0';
			target[8000 + offset + length] = '\0';
			check += strlen(target + offset);
			check += (unsigned)(strcmp(target + offset, target + 8000 + offset) + 2);
			target[8000 + offset + length / 2] = '#';
			check += (unsigned)(strcmp(target + offset, target + 8000 + offset) > 0);
			const char *found = strchr(target + offset, 'z');
			check += found ? (unsigned long)(found - target) : 1;
			check += strchr(target + offset, '!') == NULL;
		}
	return check;
}

int main(void)
{
	fill_text(source, sizeof source);
	unsigned long moved = copy_and_move();
	unsigned long scanned = scan();
	printf("moved %lu scanned %lu\n", moved, scanned);
	return 0;
}
