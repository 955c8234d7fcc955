/* csv_loader: load a two-column CSV ("name,value") into parallel arrays
 * and print the rows sorted by value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct row {
	char *name;
	double value;
};

static int by_value(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	return (x->value > y->value) - (x->value < y->value);
}

static int load(FILE *fp, struct row **out, size_t *count)
{
	struct row *rows = NULL, *tmp;
	size_t n = 0, cap = 0;
	char line[256], name[128];
	double v;

	while (fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%127[^,],%lf", name, &v) != 2)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			tmp = realloc(rows, cap * sizeof(*rows));
			if (!tmp)
				goto fail;
			rows = tmp;
		}
		rows[n].name = strdup(name);
		if (!rows[n].name)
			goto fail;
		rows[n].value = v;
		n++;
	}
	*out = rows;
	*count = n;
	return 0;

fail:
	for (size_t i = 0; i < n; i++)
		free(rows[i].name);
	free(rows);
	return -1;
}

int main(int argc, char **argv)
{
	struct row *rows;
	size_t n, i;
	FILE *fp;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: %s data.csv\n", argv[0]);
		return 1;
	}
	fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		return 1;
	}
	rc = load(fp, &rows, &n);
	fclose(fp);
	if (rc != 0) {
		fprintf(stderr, "out of memory\n");
		return 1;
	}

	if (n > 0)
		qsort(rows, n, sizeof(*rows), by_value);
	for (i = 0; i < n; i++)
		printf("%-30s %12.3f\n", rows[i].name, rows[i].value);

	for (i = 0; i < n; i++)
		free(rows[i].name);
	free(rows);
	return 0;
}
