/*
 * plugrun - load a plugin shared object and run its entry point.
 *
 * A plugin exports one data symbol, "plugin_info", describing itself:
 *
 *     const struct plugin_info plugin_info = {
 *         PLUGIN_ABI, "hello", "1.0", hello_run
 *     };
 *
 * usage: plugrun ./PLUGIN.so [ARGS...]
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLUGIN_ABI 2

struct plugin_info {
	int abi;
	const char *name;
	const char *version;
	int (*run)(int argc, char **argv);
};

static void usage(const char *prog)
{
	fprintf(stderr, "usage: %s ./PLUGIN.so [ARGS...]\n", prog);
}

int main(int argc, char **argv)
{
	const struct plugin_info *info;
	void *handle;
	int rc;

	if (argc < 2) {
		usage(argv[0]);
		return 2;
	}
	/* insist on an explicit path so the library search path is not used */
	if (strchr(argv[1], '/') == NULL) {
		fprintf(stderr, "%s: plugin must be given as a path\n", argv[0]);
		return 2;
	}

	handle = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (handle == NULL) {
		fprintf(stderr, "%s: %s\n", argv[0], dlerror());
		return 1;
	}

	dlerror();	/* clear any stale error */
	info = dlsym(handle, "plugin_info");
	if (info == NULL) {
		const char *err = dlerror();

		fprintf(stderr, "%s: no plugin_info: %s\n", argv[1],
			err != NULL ? err : "symbol is NULL");
		dlclose(handle);
		return 1;
	}
	if (info->abi != PLUGIN_ABI) {
		fprintf(stderr, "%s: plugin ABI %d, expected %d\n",
			argv[1], info->abi, PLUGIN_ABI);
		dlclose(handle);
		return 1;
	}
	if (info->run == NULL || info->name == NULL) {
		fprintf(stderr, "%s: incomplete plugin_info\n", argv[1]);
		dlclose(handle);
		return 1;
	}

	fprintf(stderr, "running %s %s\n", info->name,
		info->version != NULL ? info->version : "(unknown version)");
	rc = info->run(argc - 1, argv + 1);

	dlclose(handle);
	return rc;
}
