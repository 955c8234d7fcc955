/*
 * cfg.c - read "key value" configuration files and look values up.
 *
 *   struct cfg *cfg_load(const char *path);
 *   const char *cfg_get(const struct cfg *c, const char *key);
 *   long        cfg_get_long(const struct cfg *c, const char *key, long def);
 *   int         cfg_get_bool(const struct cfg *c, const char *key, int def);
 *   void        cfg_free(struct cfg *c);
 *
 * Lines are "key value..." separated by blanks; '#' starts a comment
 * line.  Later definitions of a key override earlier ones.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define CFG_LINE_MAX 1024

struct cfg_item {
	struct cfg_item *next;
	char *key;
	char *value;
};

struct cfg {
	struct cfg_item *items;
};

void cfg_free(struct cfg *c)
{
	struct cfg_item *it, *next;

	if (c == NULL)
		return;
	for (it = c->items; it != NULL; it = next) {
		next = it->next;
		free(it->key);
		free(it->value);
		free(it);
	}
	free(c);
}

static int add_item(struct cfg *c, const char *key, size_t klen, const char *value)
{
	struct cfg_item *it = calloc(1, sizeof(*it));

	if (it == NULL)
		return -1;
	it->key = strndup(key, klen);
	it->value = strdup(value);
	if (it->key == NULL || it->value == NULL) {
		free(it->key);
		free(it->value);
		free(it);
		return -1;
	}
	/* newest first, so that lookups see the last definition */
	it->next = c->items;
	c->items = it;
	return 0;
}

struct cfg *cfg_load(const char *path)
{
	char line[CFG_LINE_MAX];
	struct cfg *c;
	FILE *fp;

	if (path == NULL)
		return NULL;
	fp = fopen(path, "r");
	if (fp == NULL)
		return NULL;
	c = calloc(1, sizeof(*c));
	if (c == NULL) {
		fclose(fp);
		return NULL;
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		char *k = line + strspn(line, " \t");
		size_t klen;
		char *v;

		k[strcspn(k, "\r\n")] = '\0';
		if (*k == '\0' || *k == '#')
			continue;
		klen = strcspn(k, " \t");
		v = k + klen;
		v += strspn(v, " \t");
		if (add_item(c, k, klen, v) < 0) {
			cfg_free(c);
			fclose(fp);
			return NULL;
		}
	}
	fclose(fp);
	return c;
}

/* The value of KEY, or NULL if it is not set. */
const char *cfg_get(const struct cfg *c, const char *key)
{
	const struct cfg_item *it;

	if (c == NULL || key == NULL)
		return NULL;
	for (it = c->items; it != NULL; it = it->next)
		if (strcmp(it->key, key) == 0)
			return it->value;
	return NULL;
}

long cfg_get_long(const struct cfg *c, const char *key, long def)
{
	const char *v = cfg_get(c, key);
	char *end;
	long n;

	if (v == NULL)
		return def;
	errno = 0;
	n = strtol(v, &end, 0);
	if (errno != 0 || end == v || *end != '\0')
		return def;
	return n;
}

int cfg_get_bool(const struct cfg *c, const char *key, int def)
{
	const char *v = cfg_get(c, key);

	if (v == NULL)
		return def;
	if (strcasecmp(v, "yes") == 0 || strcasecmp(v, "true") == 0 ||
	    strcmp(v, "1") == 0)
		return 1;
	if (strcasecmp(v, "no") == 0 || strcasecmp(v, "false") == 0 ||
	    strcmp(v, "0") == 0)
		return 0;
	return def;
}
