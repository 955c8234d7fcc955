/*
 * config_path_builder - locate the configuration file of an application
 * following the XDG convention and print the path that would be used.
 *
 *   $XDG_CONFIG_HOME/APP/config  or  $HOME/.config/APP/config
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

static int build_config_path(char *out, size_t outsz, const char *app)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	int n;

	if (xdg && *xdg)
		n = snprintf(out, outsz, "%s/%s/config", xdg, app);
	else if (home && *home)
		n = snprintf(out, outsz, "%s/.config/%s/config", home, app);
	else
		return -1;

	if (n < 0 || (size_t)n >= outsz)
		return -1;	/* would have been truncated */
	return 0;
}

int main(int argc, char **argv)
{
	char path[PATH_MAX];
	const char *app = argc > 1 ? argv[1] : "myapp";

	if (strchr(app, '/')) {
		fprintf(stderr, "application name must not contain '/'\n");
		return 1;
	}
	if (build_config_path(path, sizeof(path), app) != 0) {
		fprintf(stderr, "cannot determine configuration path\n");
		return 1;
	}

	printf("%s", path);
	if (access(path, R_OK) == 0)
		printf(" (exists)\n");
	else
		printf(" (missing)\n");
	return 0;
}
