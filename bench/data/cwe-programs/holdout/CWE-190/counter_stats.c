/* counter_stats: count requests per HTTP status class from an access log
 * on stdin (status code is the 9th whitespace separated field, as in the
 * common log format) and print totals and bytes served. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct totals {
	uint64_t by_class[6];     /* index 1..5 for 1xx..5xx */
	uint64_t requests;
	uint64_t bytes;
	uint64_t malformed;
};

static int parse_line(char *line, int *status, uint64_t *bytes)
{
	char *fields[10];
	int n = 0;
	char *save = NULL;

	for (char *t = strtok_r(line, " ", &save); t && n < 10;
	     t = strtok_r(NULL, " ", &save))
		fields[n++] = t;
	if (n < 10)
		return -1;
	*status = atoi(fields[8]);
	*bytes = strcmp(fields[9], "-") ? strtoull(fields[9], NULL, 10) : 0;
	return (*status >= 100 && *status <= 599) ? 0 : -1;
}

int main(void)
{
	struct totals t;
	char line[4096];

	memset(&t, 0, sizeof(t));
	while (fgets(line, sizeof(line), stdin)) {
		int status;
		uint64_t bytes;

		if (parse_line(line, &status, &bytes) != 0) {
			t.malformed++;
			continue;
		}
		t.by_class[status / 100]++;
		t.requests++;
		/* saturate instead of wrapping on absurd byte counts */
		if (bytes > UINT64_MAX - t.bytes)
			t.bytes = UINT64_MAX;
		else
			t.bytes += bytes;
	}
	for (int c = 1; c <= 5; c++)
		printf("%dxx: %" PRIu64 "\n", c, t.by_class[c]);
	printf("requests: %" PRIu64 ", bytes: %" PRIu64 ", malformed: %" PRIu64 "\n",
	       t.requests, t.bytes, t.malformed);
	return 0;
}
