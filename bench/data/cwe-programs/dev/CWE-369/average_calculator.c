/*
 * average_calculator - read integer measurements from a file, ignoring
 * comment lines and values outside the accepted range, and print the
 * integer mean, minimum and maximum.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define MIN_ACCEPTED  -1000
#define MAX_ACCEPTED   1000

struct summary {
	long sum;
	int count;
	int min, max;
};

static void add_value(struct summary *s, int v)
{
	if (s->count == 0 || v < s->min)
		s->min = v;
	if (s->count == 0 || v > s->max)
		s->max = v;
	s->sum += v;
	s->count++;
}

int main(int argc, char **argv)
{
	struct summary s = { 0, 0, 0, 0 };
	char line[128];
	int rejected = 0;
	FILE *fp;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 1;
	}
	fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		return 1;
	}
	while (fgets(line, sizeof(line), fp)) {
		int v;

		if (line[0] == '#' || sscanf(line, "%d", &v) != 1)
			continue;
		if (v < MIN_ACCEPTED || v > MAX_ACCEPTED) {
			rejected++;
			continue;
		}
		add_value(&s, v);
	}
	fclose(fp);

	printf("accepted %d, rejected %d\n", s.count, rejected);
	printf("mean %ld, min %d, max %d\n", s.sum / s.count, s.min, s.max); /* FLAW: CWE-369 */
	return 0;
}
