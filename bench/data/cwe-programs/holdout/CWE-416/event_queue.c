/* event_queue: producer/consumer queue between two threads. The producer
 * reads lines from stdin and queues them; the consumer prints them with
 * a sequence number. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct event {
	char text[128];
	unsigned long seq;
	struct event *next;
};

struct queue {
	struct event *head, *tail;
	int closed;
	pthread_mutex_t lock;
	pthread_cond_t nonempty;
};

static struct queue q = {
	NULL, NULL, 0, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER
};

static void enqueue(struct event *ev)
{
	pthread_mutex_lock(&q.lock);
	ev->next = NULL;
	if (q.tail)
		q.tail->next = ev;
	else
		q.head = ev;
	q.tail = ev;
	pthread_cond_signal(&q.nonempty);
	pthread_mutex_unlock(&q.lock);
}

/* Copy the next event into *out and release the queue node.
 * Returns 0 once the queue is closed and drained. */
static int dequeue(struct event *out)
{
	struct event *ev;

	pthread_mutex_lock(&q.lock);
	while (!q.head && !q.closed)
		pthread_cond_wait(&q.nonempty, &q.lock);
	ev = q.head;
	if (ev) {
		q.head = ev->next;
		if (!q.head)
			q.tail = NULL;
	}
	pthread_mutex_unlock(&q.lock);

	if (!ev)
		return 0;
	*out = *ev;
	out->next = NULL;
	free(ev);
	return 1;
}

static void *consumer(void *arg)
{
	struct event ev;
	unsigned long *count = arg;

	while (dequeue(&ev)) {
		printf("%6lu  %s", ev.seq, ev.text);
		(*count)++;
	}
	return NULL;
}

int main(void)
{
	pthread_t tid;
	unsigned long printed = 0, seq = 0;
	char line[128];

	if (pthread_create(&tid, NULL, consumer, &printed) != 0) {
		fprintf(stderr, "cannot start consumer\n");
		return 1;
	}
	while (fgets(line, sizeof(line), stdin)) {
		struct event *ev = malloc(sizeof(*ev));

		if (!ev)
			break;
		memcpy(ev->text, line, strlen(line) + 1);
		ev->seq = ++seq;
		enqueue(ev);
	}
	pthread_mutex_lock(&q.lock);
	q.closed = 1;
	pthread_cond_broadcast(&q.nonempty);
	pthread_mutex_unlock(&q.lock);

	pthread_join(tid, NULL);
	fprintf(stderr, "%lu events\n", printed);
	return 0;
}
