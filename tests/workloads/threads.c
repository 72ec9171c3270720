/* Workload for the differential tests: two threads that run at the same
 * time, each filling and summing its own array, then adding its result to
 * a shared total under a mutex.  The threads share the simulated caches and
 * branch predictor, so the counts depend on how Valgrind interleaves them;
 * the sum takes a branch whose outcomes follow each thread's own data, so
 * the predictor's history when a time slice ends depends on which thread
 * ran.
 *
 * Which thread Valgrind runs after a thread starts or a time slice ends
 * depends on the host's scheduler, so the suite runs this workload on one
 * CPU with the SCHED_FIFO policy, where a yield always hands over to the
 * other thread and two runs interleave the same way.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -O1 -pthread
 */
#include <pthread.h>
#include <stdio.h>

#define WORDS 262144

struct worker {
	long data[WORDS];
	long seed;
	volatile long odd; /* volatile: a branch, not a conditional move */
};

static struct worker workers[2];
/* Both threads start their work together, so that time slices alternate
 * between them instead of each running alone while the other is not yet
 * created. */
static pthread_barrier_t start_together;
static long shared_total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *argument)
{
	struct worker *self = argument;
	long sum = 0;
	pthread_barrier_wait(&start_together);
	for (long i = 0; i < WORDS; i++)
		self->data[i] = (i * self->seed) % 1009;
	for (long i = 0; i < WORDS; i += 3) {
		sum += self->data[i] + self->data[(i * 7) % WORDS];
		if (self->data[i] & 1)
			self->odd++;
	}
	pthread_mutex_lock(&total_lock);
	shared_total += sum + self->odd;
	pthread_mutex_unlock(&total_lock);
	return NULL;
}

int main(void)
{
	pthread_t threads[2];
	if (pthread_barrier_init(&start_together, NULL, 2) != 0)
		return 1;
	for (int i = 0; i < 2; i++) {
		workers[i].seed = 31 + i * 10;
		if (pthread_create(&threads[i], NULL, work, &workers[i]) != 0)
			return 1;
	}
	for (int i = 0; i < 2; i++)
		if (pthread_join(threads[i], NULL) != 0)
			return 1;
	printf("total %ld\n", shared_total);
	return 0;
}
