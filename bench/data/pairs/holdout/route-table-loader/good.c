/*
 * routes - load a static route table and print it in the order the
 * router daemon applies it: most specific prefix first, then by metric.
 *
 * File format, one route per line ('#' starts a comment):
 *     DEST/PREFIXLEN GATEWAY IFACE [METRIC]
 *
 * usage: routes FILE
 */
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct route {
	struct in_addr dest;
	struct in_addr gw;
	int plen;
	int metric;
	char *iface;
};

struct table {
	struct route **r;
	size_t n, cap;
};

static void route_free(struct route *r)
{
	if (r != NULL) {
		free(r->iface);
		free(r);
	}
}

/* Parse one route line; returns NULL if the line is not a valid route. */
static struct route *parse_route(const char *line)
{
	char dest[32], gw[32], iface[IF_NAMESIZE];
	struct route *r;
	int n;

	r = calloc(1, sizeof(*r));
	if (r == NULL)
		return NULL;
	n = sscanf(line, "%31[0-9.]/%d %31s %15s %d",
		   dest, &r->plen, gw, iface, &r->metric);
	if (n < 4) {
		free(r);
		return NULL;
	}
	if (inet_pton(AF_INET, dest, &r->dest) != 1 ||
	    inet_pton(AF_INET, gw, &r->gw) != 1 ||
	    r->plen < 0 || r->plen > 32 || r->metric < 0) {
		free(r);
		return NULL;
	}
	r->iface = strdup(iface);
	if (r->iface == NULL) {
		free(r);
		return NULL;
	}
	return r;
}

static int table_add(struct table *t, struct route *r)
{
	if (t->n == t->cap) {
		size_t ncap = t->cap ? t->cap * 2 : 16;
		struct route **nr = realloc(t->r, ncap * sizeof(*nr));

		if (nr == NULL)
			return -1;
		t->r = nr;
		t->cap = ncap;
	}
	t->r[t->n++] = r;
	return 0;
}

static int load_routes(const char *path, struct table *t)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned long lineno = 0;
	int rc = 0;
	FILE *fp;

	fp = fopen(path, "r");
	if (fp == NULL) {
		perror(path);
		return -1;
	}
	while (getline(&line, &cap, fp) != -1) {
		struct route *r;

		lineno++;
		line[strcspn(line, "#\r\n")] = '\0';
		if (line[strspn(line, " \t")] == '\0')
			continue;
		r = parse_route(line);
		if (r == NULL) {
			fprintf(stderr, "%s:%lu: invalid route ignored\n", path, lineno);
			continue;
		}
		if (table_add(t, r) < 0) {
			route_free(r);
			rc = -1;
			break;
		}
	}
	free(line);
	fclose(fp);
	return rc;
}

static int by_specificity(const void *a, const void *b)
{
	const struct route *x = *(const struct route *const *)a;
	const struct route *y = *(const struct route *const *)b;

	if (x->plen != y->plen)
		return y->plen - x->plen;
	return (x->metric > y->metric) - (x->metric < y->metric);
}

int main(int argc, char **argv)
{
	struct table t = { NULL, 0, 0 };
	char dst[INET_ADDRSTRLEN], gw[INET_ADDRSTRLEN];
	size_t i;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 2;
	}
	rc = load_routes(argv[1], &t) < 0 ? 1 : 0;
	if (t.n > 0)
		qsort(t.r, t.n, sizeof(*t.r), by_specificity);
	for (i = 0; i < t.n; i++) {
		const struct route *r = t.r[i];

		inet_ntop(AF_INET, &r->dest, dst, sizeof(dst));
		inet_ntop(AF_INET, &r->gw, gw, sizeof(gw));
		printf("%s/%d via %s dev %s metric %d\n", dst, r->plen, gw,
		       r->iface, r->metric);
		route_free(t.r[i]);
	}
	free(t.r);
	return rc;
}
