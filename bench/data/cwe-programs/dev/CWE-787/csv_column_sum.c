/*
 * csv_column_sum - print the sum of every numeric column in a CSV file.
 *
 * usage: csv_column_sum FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 16
#define LINE_LEN 1024

struct column_totals {
	double sum[MAX_COLS];
	int used;
};

/* Split one CSV line on commas and convert every field to a double. */
static int split_fields(char *line, double *fields)
{
	int ncols = 0;
	char *tok = strtok(line, ",\r\n");

	while (tok != NULL && ncols <= MAX_COLS) {
		fields[ncols] = strtod(tok, NULL); /* FLAW: CWE-787 */
		ncols++;
		tok = strtok(NULL, ",\r\n");
	}
	return ncols;
}

static void add_row(struct column_totals *t, const double *fields, int n)
{
	int i;

	for (i = 0; i < n && i < MAX_COLS; i++)
		t->sum[i] += fields[i];
	if (n > t->used)
		t->used = n > MAX_COLS ? MAX_COLS : n;
}

int main(int argc, char **argv)
{
	struct column_totals totals;
	char line[LINE_LEN];
	double fields[MAX_COLS];
	FILE *fp;
	int i, rows = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 1;
	}
	fp = fopen(argv[1], "r");
	if (fp == NULL) {
		perror(argv[1]);
		return 1;
	}

	memset(&totals, 0, sizeof(totals));
	while (fgets(line, sizeof(line), fp) != NULL) {
		int n = split_fields(line, fields);

		if (n == 0)
			continue;
		add_row(&totals, fields, n);
		rows++;
	}
	fclose(fp);

	printf("%d rows\n", rows);
	for (i = 0; i < totals.used; i++)
		printf("column %d: %.3f\n", i + 1, totals.sum[i]);
	return 0;
}
