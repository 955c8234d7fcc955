/*
 * config_value_union - load a config file where values are either
 * integers (port = 8080) or quoted strings (name = "web01"), and print
 * the keys requested on the command line as text.
 *
 *   config_value_union app.conf name logdir
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum val_kind { VAL_INT, VAL_STR };

struct cfg_value {
	enum val_kind kind;
	union {
		long i;
		char *s;
	} u;
};

struct cfg_entry {
	char key[32];
	struct cfg_value val;
};

static struct cfg_entry entries[64];
static int nentries;

static int parse_line(const char *line, struct cfg_entry *e)
{
	char raw[128];

	if (sscanf(line, " %31[A-Za-z0-9_] = %127[^\n]", e->key, raw) != 2)
		return -1;
	if (raw[0] == '"') {
		char *close = strrchr(raw + 1, '"');
		if (!close)
			return -1;
		*close = '\0';
		e->val.kind = VAL_STR;
		e->val.u.s = strdup(raw + 1);
		return e->val.u.s ? 0 : -1;
	}
	e->val.kind = VAL_INT;
	e->val.u.i = strtol(raw, NULL, 0);
	return 0;
}

static const char *value_text(const struct cfg_value *v)
{
	return v->u.s; /* FLAW: CWE-843 */
}

int main(int argc, char **argv)
{
	char line[256];
	FILE *fp;

	if (argc < 3 || !(fp = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: %s CONFIG KEY...\n", argv[0]);
		return 2;
	}
	while (nentries < 64 && fgets(line, sizeof(line), fp))
		if (parse_line(line, &entries[nentries]) == 0)
			nentries++;
	fclose(fp);

	for (int a = 2; a < argc; a++) {
		int found = 0;

		for (int i = 0; i < nentries; i++) {
			if (strcmp(entries[i].key, argv[a]) == 0) {
				printf("%s = %s\n", argv[a], value_text(&entries[i].val));
				found = 1;
			}
		}
		if (!found)
			printf("%s is not set\n", argv[a]);
	}
	for (int i = 0; i < nentries; i++)
		if (entries[i].val.kind == VAL_STR)
			free(entries[i].val.u.s);
	return 0;
}
