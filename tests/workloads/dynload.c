/* Workload for the differential tests: a shared library loaded with
 * dlopen, called through dlsym pointers, and unloaded with dlclose, three
 * times.  Each unload discards the library's translations and debug
 * information; the next load reads them again, and its counts must go to
 * the same (file, function, line) entries.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1
 */
#include <dlfcn.h>
#include <stdio.h>

#define CALLS 2000

int main(void)
{
	double total = 0;
	for (int round = 0; round < 3; round++) {
		void *library = dlopen("libm.so.6", RTLD_NOW | RTLD_LOCAL);
		if (library == NULL) {
			fprintf(stderr, "dynload: %s\n", dlerror());
			return 1;
		}
		double (*cosine)(double) = (double (*)(double))dlsym(library, "cos");
		double (*root)(double) = (double (*)(double))dlsym(library, "sqrt");
		if (cosine == NULL || root == NULL)
			return 1;
		for (int i = 0; i < CALLS; i++)
			total += cosine(i * 0.001 + round) + root(i + round);
		if (dlclose(library) != 0)
			return 1;
	}
	printf("total %.6f\n", total);
	return 0;
}
