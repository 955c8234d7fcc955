/*
 * jobq - read job submissions from standard input and print them in the
 * order the scheduler would run them: highest priority first, first come
 * first served among jobs of equal priority.
 *
 * Input: one job per line,  ID PRIORITY NAME
 * Duplicate ids and jobs beyond the queue limit are rejected.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUEUE_MAX 128
#define NAME_LEN  64

struct job {
	int id;
	int prio;
	unsigned long seq;
	char *name;
};

struct queue {
	struct job *items[QUEUE_MAX];
	size_t n;
};

static struct job *job_new(int id, int prio, const char *name, unsigned long seq)
{
	struct job *j = malloc(sizeof *j);

	if (j == NULL)
		return NULL;
	j->name = strdup(name);
	if (j->name == NULL) {
		free(j);
		return NULL;
	}
	j->id = id;
	j->prio = prio;
	j->seq = seq;
	return j;
}

static void job_free(struct job *j)
{
	if (j != NULL) {
		free(j->name);
		free(j);
	}
}

static int queue_push(struct queue *q, struct job *j)
{
	size_t i;

	if (q->n == QUEUE_MAX)
		return -1;
	for (i = 0; i < q->n; i++)
		if (q->items[i]->id == j->id)
			return -1;
	q->items[q->n++] = j;
	return 0;
}

/* Remove and return the job that runs next, or NULL if the queue is empty. */
static struct job *queue_pop(struct queue *q)
{
	size_t i, best = 0;
	struct job *j;

	if (q->n == 0)
		return NULL;
	for (i = 1; i < q->n; i++) {
		const struct job *a = q->items[i], *b = q->items[best];
		if (a->prio > b->prio || (a->prio == b->prio && a->seq < b->seq))
			best = i;
	}
	j = q->items[best];
	q->items[best] = q->items[--q->n];
	return j;
}

int main(void)
{
	struct queue q = { { NULL }, 0 };
	char name[NAME_LEN];
	unsigned long seq = 0;
	struct job *j;
	int id, prio, r, status = 0;

	while ((r = scanf("%d %d %63s", &id, &prio, name)) == 3) {
		j = job_new(id, prio, name, seq++);
		if (j == NULL) {
			perror("jobq");
			status = 1;
			break;
		}
		if (queue_push(&q, j) < 0) {
			fprintf(stderr, "job %d rejected\n", id);
			job_free(j);
			continue;
		}
	}
	if (status == 0 && r != EOF) {
		fprintf(stderr, "jobq: malformed input after job %lu\n", seq);
		status = 1;
	}

	while ((j = queue_pop(&q)) != NULL) {
		printf("%d\t%d\t%s\n", j->id, j->prio, j->name);
		job_free(j);
	}
	return status;
}
