/* parallel_checksum: compute a simple additive checksum of a file
 * using several threads, each working on its own slice of the file. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#define NTHREADS 4

struct job {
	FILE *fp;
	pthread_mutex_t *io_lock;
	long offset;
	size_t length;
	unsigned char *buf;
	uint32_t sum;
};

static void *worker(void *arg)
{
	struct job *j = arg;
	size_t got, i;

	pthread_mutex_lock(j->io_lock);
	fseek(j->fp, j->offset, SEEK_SET);
	got = fread(j->buf, 1, j->length, j->fp);
	pthread_mutex_unlock(j->io_lock);

	j->sum = 0;
	for (i = 0; i < got; i++)
		j->sum += j->buf[i];

	/* slice is no longer needed once summed */
	free(j->buf);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_mutex_t io_lock = PTHREAD_MUTEX_INITIALIZER;
	struct job jobs[NTHREADS];
	pthread_t tids[NTHREADS];
	struct stat st;
	uint32_t total = 0;
	size_t slice;
	FILE *fp;
	int i;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 1;
	}
	if (!(fp = fopen(argv[1], "rb")) || fstat(fileno(fp), &st) != 0) {
		perror(argv[1]);
		return 1;
	}
	slice = ((size_t)st.st_size + NTHREADS - 1) / NTHREADS;
	if (slice == 0)
		slice = 1;

	for (i = 0; i < NTHREADS; i++) {
		jobs[i].fp = fp;
		jobs[i].io_lock = &io_lock;
		jobs[i].offset = (long)(slice * (size_t)i);
		jobs[i].length = slice;
		jobs[i].buf = malloc(slice);
		if (!jobs[i].buf) {
			fprintf(stderr, "out of memory\n");
			return 1;
		}
		pthread_create(&tids[i], NULL, worker, &jobs[i]);
	}
	for (i = 0; i < NTHREADS; i++) {
		pthread_join(tids[i], NULL);
		total += jobs[i].sum;
		free(jobs[i].buf); /* FLAW: CWE-415 */
	}
	fclose(fp);
	printf("%08x  %s\n", (unsigned)total, argv[1]);
	return 0;
}
