/* log_filter: print the lines of a log file whose severity is at least
 * the given level.
 *
 *   log_filter /var/log/app.log WARN
 */
#include <stdio.h>
#include <string.h>

enum level { L_DEBUG, L_INFO, L_WARN, L_ERROR, L_UNKNOWN };

static const char *names[] = { "DEBUG", "INFO", "WARN", "ERROR" };

static enum level parse_level(const char *s)
{
	for (int i = 0; i < 4; i++)
		if (strncmp(s, names[i], strlen(names[i])) == 0)
			return (enum level)i;
	return L_UNKNOWN;
}

/* Lines look like "2024-01-01T10:00:00 WARN message". */
static enum level line_level(const char *line)
{
	const char *sp = strchr(line, ' ');

	return sp ? parse_level(sp + 1) : L_UNKNOWN;
}

int main(int argc, char **argv)
{
	char line[1024];
	enum level min;
	unsigned long shown = 0, total = 0;
	FILE *fp;

	if (argc != 3) {
		fprintf(stderr, "usage: %s LOGFILE LEVEL\n", argv[0]);
		return 2;
	}
	min = parse_level(argv[2]);
	if (min == L_UNKNOWN) {
		fprintf(stderr, "unknown level %s\n", argv[2]);
		return 2;
	}

	fp = fopen(argv[1], "r");
	while (fgets(line, sizeof(line), fp)) { /* FLAW: CWE-476 */
		enum level l = line_level(line);

		total++;
		if (l != L_UNKNOWN && l >= min) {
			fputs(line, stdout);
			shown++;
		}
	}
	fclose(fp);
	fprintf(stderr, "%lu of %lu lines\n", shown, total);
	return 0;
}
