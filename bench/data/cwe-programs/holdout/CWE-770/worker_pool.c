/* worker_pool: hash the lines of stdin with a pool of worker threads.
 * The pool size comes from $POOL_SIZE but is clamped to 1..MAX_WORKERS,
 * and the queue between reader and workers has a constant capacity. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORKERS 16
#define QUEUE_CAP   64
#define LINE_LEN    256

struct job { char line[LINE_LEN]; unsigned long no; };

static struct job queue[QUEUE_CAP];
static size_t q_head, q_len;
static int done;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;

static uint32_t djb2(const char *s)
{
	uint32_t h = 5381;
	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void *worker(void *arg)
{
	(void)arg;
	for (;;) {
		struct job j;

		pthread_mutex_lock(&lock);
		while (q_len == 0 && !done)
			pthread_cond_wait(&not_empty, &lock);
		if (q_len == 0 && done) {
			pthread_mutex_unlock(&lock);
			return NULL;
		}
		j = queue[q_head];
		q_head = (q_head + 1) % QUEUE_CAP;
		q_len--;
		pthread_cond_signal(&not_full);
		pthread_mutex_unlock(&lock);

		printf("%6lu %08x\n", j.no, (unsigned)djb2(j.line));
	}
}

static int pool_size(void)
{
	const char *s = getenv("POOL_SIZE");
	long n = s ? strtol(s, NULL, 10) : 4;

	if (n < 1)
		n = 1;
	if (n > MAX_WORKERS)
		n = MAX_WORKERS;
	return (int)n;
}

int main(void)
{
	pthread_t tids[MAX_WORKERS];
	char line[LINE_LEN];
	unsigned long no = 0;
	int n = pool_size(), started = 0;

	for (int i = 0; i < n; i++)
		if (pthread_create(&tids[started], NULL, worker, NULL) == 0)
			started++;
	if (started == 0) {
		fprintf(stderr, "no workers\n");
		return 1;
	}
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		pthread_mutex_lock(&lock);
		while (q_len == QUEUE_CAP)
			pthread_cond_wait(&not_full, &lock);
		snprintf(queue[(q_head + q_len) % QUEUE_CAP].line, LINE_LEN, "%s", line);
		queue[(q_head + q_len) % QUEUE_CAP].no = ++no;
		q_len++;
		pthread_cond_signal(&not_empty);
		pthread_mutex_unlock(&lock);
	}
	pthread_mutex_lock(&lock);
	done = 1;
	pthread_cond_broadcast(&not_empty);
	pthread_mutex_unlock(&lock);
	for (int i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	return 0;
}
