/* sensor_average: read temperature samples (one per line) from a file and
 * print a moving average over a window of WINDOW samples. */
#include <stdio.h>
#include <stdlib.h>

#define WINDOW 5

typedef struct {
	double *v;
	size_t n;
	size_t cap;
} sample_vec;

static int vec_push(sample_vec *s, double x)
{
	if (s->n == s->cap) {
		size_t ncap = s->cap ? s->cap * 2 : 16;
		double *p = realloc(s->v, ncap * sizeof(*p));

		if (!p)
			return -1;
		s->v = p;
		s->cap = ncap;
	}
	s->v[s->n++] = x;
	return 0;
}

/* Average of the window that starts at index `start`. */
static double window_avg(const double *v, size_t start)
{
	double sum = 0.0;
	size_t i;

	for (i = start; i <= start + WINDOW; i++)
		sum += v[i]; /* FLAW: CWE-125 */
	return sum / WINDOW;
}

int main(int argc, char **argv)
{
	sample_vec s = { NULL, 0, 0 };
	FILE *fp;
	double x;
	size_t i;

	if (argc != 2) {
		fprintf(stderr, "usage: %s samples.txt\n", argv[0]);
		return 1;
	}
	if ((fp = fopen(argv[1], "r")) == NULL) {
		perror(argv[1]);
		return 1;
	}
	while (fscanf(fp, "%lf", &x) == 1) {
		if (vec_push(&s, x) != 0) {
			fprintf(stderr, "out of memory\n");
			fclose(fp);
			free(s.v);
			return 1;
		}
	}
	fclose(fp);

	if (s.n < WINDOW) {
		fprintf(stderr, "need at least %d samples\n", WINDOW);
		free(s.v);
		return 1;
	}
	for (i = 0; i + WINDOW <= s.n; i++)
		printf("%zu\t%.2f\n", i, window_avg(s.v, i));

	free(s.v);
	return 0;
}
