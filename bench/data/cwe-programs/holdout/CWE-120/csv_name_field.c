/* csv_name_field: read "first,last,age" records from stdin and print
 * them as "Last, First (age)". */
#include <stdio.h>
#include <string.h>

#define NAME_LEN 32

struct person {
	char first[NAME_LEN];
	char last[NAME_LEN];
	int age;
};

static int read_person(FILE *in, struct person *p)
{
	char line[256];

	for (;;) {
		if (!fgets(line, sizeof(line), in))
			return 0;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		/* field widths keep each name within NAME_LEN - 1 characters */
		if (sscanf(line, " %31[^,],%31[^,],%d", p->first, p->last, &p->age) == 3)
			return 1;
		fprintf(stderr, "skipping malformed record: %s", line);
	}
}

int main(void)
{
	struct person p;
	int count = 0;
	long total_age = 0;

	while (read_person(stdin, &p)) {
		printf("%s, %s (%d)\n", p.last, p.first, p.age);
		total_age += p.age;
		count++;
	}
	if (count > 0)
		printf("average age: %.1f\n", (double)total_age / count);
	return 0;
}
