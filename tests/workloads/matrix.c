/* Workload for the differential tests: a square matrix of doubles summed
 * by rows (sequential cache lines), then by columns (a new line at every
 * element, so small caches miss all the time), then transposed in place.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <stdio.h>

#define SIDE 512

static double matrix[SIDE][SIDE];

static void fill(void)
{
	for (int row = 0; row < SIDE; row++)
		for (int col = 0; col < SIDE; col++)
			matrix[row][col] = row * 0.5 + col;
}

static double sum_by_rows(void)
{
	double sum = 0;
	for (int row = 0; row < SIDE; row++)
		for (int col = 0; col < SIDE; col++)
			sum += matrix[row][col];
	return sum;
}

static double sum_by_columns(void)
{
	double sum = 0;
	for (int col = 0; col < SIDE; col++)
		for (int row = 0; row < SIDE; row++)
			sum += matrix[row][col];
	return sum;
}

static void transpose(void)
{
	for (int row = 0; row < SIDE; row++)
		for (int col = row + 1; col < SIDE; col++) {
			double upper = matrix[row][col];
			matrix[row][col] = matrix[col][row];
			matrix[col][row] = upper;
		}
}

int main(void)
{
	fill();
	double rows = sum_by_rows();
	double columns = sum_by_columns();
	transpose();
	double after = sum_by_rows() - sum_by_columns();
	printf("rows %.1f columns %.1f after-transpose %.1f\n", rows, columns, after);
	return 0;
}
