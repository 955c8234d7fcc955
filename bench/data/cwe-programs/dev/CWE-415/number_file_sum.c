/*
 * number_file_sum - read a file containing comma separated integers
 * and print their sum and maximum.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_FILE (1 << 20)

static int sum_numbers(const char *path, long *sum, long *max)
{
	FILE *fp;
	char *buf, *p, *end;
	size_t n;
	int rc = -1, count = 0;

	fp = fopen(path, "r");
	if (!fp)
		return -1;
	buf = malloc(MAX_FILE + 1);
	if (!buf) {
		fclose(fp);
		return -1;
	}
	n = fread(buf, 1, MAX_FILE, fp);
	buf[n] = '\0';

	*sum = 0;
	*max = 0;
	p = buf;
	while (*p) {
		long v;

		while (isspace((unsigned char)*p) || *p == ',')
			p++;
		if (*p == '\0')
			break;
		errno = 0;
		v = strtol(p, &end, 10);
		if (end == p || errno) {
			fprintf(stderr, "%s: invalid number near offset %ld\n",
				path, (long)(p - buf));
			free(buf);
			goto out;
		}
		*sum += v;
		if (count == 0 || v > *max)
			*max = v;
		count++;
		p = end;
	}
	rc = count;
out:
	free(buf); /* FLAW: CWE-415 */
	fclose(fp);
	return rc;
}

int main(int argc, char **argv)
{
	long sum, max;
	int i, n;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 1;
	}
	for (i = 1; i < argc; i++) {
		n = sum_numbers(argv[i], &sum, &max);
		if (n < 0) {
			fprintf(stderr, "%s: could not process\n", argv[i]);
			continue;
		}
		printf("%s: %d numbers, sum %ld, max %ld\n", argv[i], n, sum, max);
	}
	return 0;
}
