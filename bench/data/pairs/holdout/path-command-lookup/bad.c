/*
 * pathfind - print the full path of every COMMAND, searching $PATH the
 * way the shell does.  An empty PATH element means the current directory.
 *
 * usage: pathfind COMMAND...
 * exit status: 0 if all commands were found, 1 otherwise
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RESULT_LEN   256
#define DEFAULT_PATH "/usr/local/bin:/usr/bin:/bin"

/* Build "dir/cmd" in OUT and tell whether it names an executable file. */
static int try_dir(const char *dir, size_t dirlen, const char *cmd, char *out)
{
	struct stat st;

	if (dirlen == 0) {
		dir = ".";
		dirlen = 1;
	}
	snprintf(out, PATH_MAX, "%.*s/%s", (int)dirlen, dir, cmd); /* FLAW: CWE-121 */
	return stat(out, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(out, X_OK) == 0;
}

/* Find CMD in the colon separated list PATH; the result goes to OUT. */
static int search_path(const char *path, const char *cmd, char *out)
{
	const char *p = path;

	for (;;) {
		size_t len = strcspn(p, ":");

		if (try_dir(p, len, cmd, out))
			return 0;
		if (p[len] == '\0')
			return -1;
		p += len + 1;
	}
}

int main(int argc, char **argv)
{
	char result[RESULT_LEN];
	const char *path;
	int i, missing = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s COMMAND...\n", argv[0]);
		return 2;
	}

	path = getenv("PATH");
	if (path == NULL || *path == '\0')
		path = DEFAULT_PATH;

	for (i = 1; i < argc; i++) {
		const char *cmd = argv[i];

		if (*cmd == '\0' || strchr(cmd, '/') != NULL) {
			/* names with a slash are not looked up */
			printf("%s\n", cmd);
			continue;
		}
		if (search_path(path, cmd, result) == 0) {
			printf("%s\n", result);
		} else {
			fprintf(stderr, "%s: not found\n", cmd);
			missing = 1;
		}
	}
	return missing;
}
