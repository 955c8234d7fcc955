/*
 * config_reload - a long-running service stub. It reads its settings
 * from a file and answers commands on stdin:
 *   show     print the greeting using the current settings
 *   reload   re-read the settings file
 *   quit
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config {
	char *greeting;
	int repeat;
};

static void config_free(struct config *cfg)
{
	if (!cfg)
		return;
	free(cfg->greeting);
	free(cfg);
}

static struct config *config_load(const char *path)
{
	struct config *cfg;
	char line[256];
	FILE *fp = fopen(path, "r");

	if (!fp)
		return NULL;
	cfg = calloc(1, sizeof(*cfg));
	if (!cfg) {
		fclose(fp);
		return NULL;
	}
	cfg->repeat = 1;
	while (fgets(line, sizeof(line), fp)) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "greeting=", 9) == 0) {
			free(cfg->greeting);
			cfg->greeting = strdup(line + 9);
		} else if (strncmp(line, "repeat=", 7) == 0) {
			cfg->repeat = atoi(line + 7);
		}
	}
	fclose(fp);
	if (!cfg->greeting)
		cfg->greeting = strdup("hello");
	if (!cfg->greeting) {
		free(cfg);
		return NULL;
	}
	return cfg;
}

int main(int argc, char **argv)
{
	struct config *cfg;
	const char *greeting;
	char cmd[64];

	if (argc != 2) {
		fprintf(stderr, "usage: %s CONFIG\n", argv[0]);
		return 1;
	}
	cfg = config_load(argv[1]);
	if (!cfg) {
		perror(argv[1]);
		return 1;
	}
	greeting = cfg->greeting;

	while (fgets(cmd, sizeof(cmd), stdin)) {
		if (strncmp(cmd, "show", 4) == 0) {
			for (int i = 0; i < cfg->repeat && i < 10; i++)
				puts(greeting); /* FLAW: CWE-416 */
		} else if (strncmp(cmd, "reload", 6) == 0) {
			struct config *fresh = config_load(argv[1]);

			if (!fresh) {
				fprintf(stderr, "reload failed, keeping old settings\n");
				continue;
			}
			config_free(cfg);
			cfg = fresh;
			printf("reloaded\n");
		} else if (strncmp(cmd, "quit", 4) == 0) {
			break;
		}
	}
	config_free(cfg);
	return 0;
}
