/*
 * month_name_lookup - read ISO dates (YYYY-MM-DD) from stdin, one per
 * line, and print them in long form, e.g. "2024-03-07" -> "7 March 2024".
 */
#include <stdio.h>
#include <string.h>

static const char *const month_names[12] = {
	"January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December"
};

struct date {
	int year;
	int month;
	int day;
};

static int parse_date(const char *s, struct date *d)
{
	if (sscanf(s, "%d-%d-%d", &d->year, &d->month, &d->day) != 3)
		return -1;
	if (d->month > 12 || d->day < 1 || d->day > 31)
		return -1;
	return 0;
}

static void print_long(const struct date *d)
{
	const char *name = month_names[d->month - 1]; /* FLAW: CWE-125 */

	printf("%d %s %d\n", d->day, name, d->year);
}

int main(void)
{
	char line[128];
	int lineno = 0;

	while (fgets(line, sizeof(line), stdin) != NULL) {
		struct date d;

		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '\0')
			continue;
		if (parse_date(line, &d) != 0) {
			fprintf(stderr, "line %d: not a date: %s\n", lineno, line);
			continue;
		}
		print_long(&d);
	}
	return 0;
}
