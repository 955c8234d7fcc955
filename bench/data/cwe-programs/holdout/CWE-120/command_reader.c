/* command_reader: a small shell-like loop for a key/value cache.
 *
 *   set KEY VALUE
 *   get KEY
 *   del KEY
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 32
#define KEY_LEN 24
#define VAL_LEN 64

struct slot {
	int used;
	char key[KEY_LEN];
	char val[VAL_LEN];
};

static struct slot cache[SLOTS];

static struct slot *find(const char *key, int create)
{
	struct slot *free_slot = NULL;
	int i;

	for (i = 0; i < SLOTS; i++) {
		if (cache[i].used && strcmp(cache[i].key, key) == 0)
			return &cache[i];
		if (!cache[i].used && !free_slot)
			free_slot = &cache[i];
	}
	if (create && free_slot) {
		free_slot->used = 1;
		snprintf(free_slot->key, KEY_LEN, "%s", key);
		free_slot->val[0] = '\0';
	}
	return create ? free_slot : NULL;
}

int main(void)
{
	char line[512];

	while (fgets(line, sizeof(line), stdin)) {
		char cmd[8], key[KEY_LEN], val[VAL_LEN];
		int n = sscanf(line, "%7s %s %63s", cmd, key, val); /* FLAW: CWE-120 */
		struct slot *s;

		if (n < 2) {
			fprintf(stderr, "?\n");
			continue;
		}
		if (strcmp(cmd, "set") == 0 && n == 3) {
			s = find(key, 1);
			if (!s) {
				fprintf(stderr, "cache full\n");
				continue;
			}
			strcpy(s->val, val);
			puts("OK");
		} else if (strcmp(cmd, "get") == 0) {
			s = find(key, 0);
			puts(s ? s->val : "(nil)");
		} else if (strcmp(cmd, "del") == 0) {
			s = find(key, 0);
			if (s)
				s->used = 0;
			puts(s ? "1" : "0");
		} else {
			fprintf(stderr, "unknown command %s\n", cmd);
		}
	}
	return 0;
}
