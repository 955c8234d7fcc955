/*
 * thread_pool_split - count prime numbers below a limit using a pool of
 * worker threads; the range is split into equal chunks. The number of
 * workers is taken from $WORKERS (default 4).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 64

struct chunk {
	unsigned long lo, hi;
	unsigned long primes;
};

static int is_prime(unsigned long n)
{
	if (n < 2)
		return 0;
	for (unsigned long d = 2; d * d <= n; d++)
		if (n % d == 0)
			return 0;
	return 1;
}

static void *count_primes(void *arg)
{
	struct chunk *c = arg;

	for (unsigned long n = c->lo; n < c->hi; n++)
		c->primes += (unsigned long)is_prime(n);
	return NULL;
}

static int worker_count(void)
{
	const char *s = getenv("WORKERS");
	int n = s ? atoi(s) : 4;

	return n > MAX_WORKERS ? MAX_WORKERS : n;
}

int main(int argc, char **argv)
{
	pthread_t tid[MAX_WORKERS];
	struct chunk ch[MAX_WORKERS];
	unsigned long limit, per, total = 0;
	int nworkers, i;

	limit = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000UL;
	nworkers = worker_count();
	per = limit / (unsigned long)nworkers; /* FLAW: CWE-369 */

	for (i = 0; i < nworkers; i++) {
		ch[i].lo = per * (unsigned long)i;
		ch[i].hi = (i == nworkers - 1) ? limit : per * (unsigned long)(i + 1);
		ch[i].primes = 0;
		if (pthread_create(&tid[i], NULL, count_primes, &ch[i]) != 0) {
			fprintf(stderr, "cannot start worker %d\n", i);
			return 1;
		}
	}
	for (i = 0; i < nworkers; i++) {
		pthread_join(tid[i], NULL);
		total += ch[i].primes;
	}
	printf("%lu primes below %lu (%d workers)\n", total, limit, nworkers);
	return 0;
}
