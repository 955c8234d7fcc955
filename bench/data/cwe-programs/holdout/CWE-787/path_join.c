/* path_join: print the full path of each file name given on the command
 * line, resolved against a base directory taken from $DATA_DIR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_DIR "/var/lib/app"

/* Join dir and name with a single slash; caller frees the result. */
static char *join_path(const char *dir, const char *name)
{
	size_t dlen = strlen(dir);
	size_t nlen = strlen(name);
	char *out;

	/* drop a trailing slash on the directory */
	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;

	out = malloc(dlen + nlen + 1);
	if (out == NULL)
		return NULL;

	sprintf(out, "%.*s/%s", (int)dlen, dir, name); /* FLAW: CWE-787 */
	return out;
}

int main(int argc, char **argv)
{
	const char *base = getenv("DATA_DIR");
	int i, status = 0;

	if (base == NULL || *base == '\0')
		base = DEFAULT_DIR;

	if (argc < 2) {
		fprintf(stderr, "usage: %s NAME...\n", argv[0]);
		return 1;
	}

	for (i = 1; i < argc; i++) {
		char *full = join_path(base, argv[i]);

		if (full == NULL) {
			perror("malloc");
			status = 1;
			break;
		}
		puts(full);
		free(full);
	}
	return status;
}
