/*
 * read_config_lines - validate a simple "key value" configuration file.
 * Every non-comment line must have a known key. Prints the settings or
 * the first error found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *known_keys[] = { "port", "host", "timeout", "workers", "log", NULL };

static int key_known(const char *k)
{
	for (int i = 0; known_keys[i]; i++)
		if (strcmp(known_keys[i], k) == 0)
			return 1;
	return 0;
}

/* Returns number of settings, or -1 on the first invalid line. */
static int check_config(FILE *fp)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, settings = 0;

	while ((len = getline(&line, &cap, fp)) != -1) {
		char key[32], value[128];

		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (sscanf(line, "%31s %127[^\n]", key, value) != 2) {
			fprintf(stderr, "line %d: expected 'key value'\n", lineno);
			return -1; /* FLAW: CWE-401 */
		}
		if (!key_known(key)) {
			fprintf(stderr, "line %d: unknown key '%s'\n", lineno, key);
			free(line);
			return -1;
		}
		printf("%-8s = %s\n", key, value);
		settings++;
	}
	free(line);
	return settings;
}

int main(int argc, char **argv)
{
	FILE *fp;
	int n;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 2;
	}
	fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		return 2;
	}
	n = check_config(fp);
	fclose(fp);
	if (n < 0)
		return 1;
	printf("%d settings OK\n", n);
	return 0;
}
