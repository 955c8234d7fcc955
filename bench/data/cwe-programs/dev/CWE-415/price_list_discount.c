/* price_list_discount: load "id;name;price" records from a file into an
 * array of heap-allocated records, apply a discount given on the command
 * line and print the result. Records with a price of zero are dropped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct record {
	int id;
	char *name;
	double price;
};

struct record_set {
	struct record **items;
	size_t count;
};

static void record_free(struct record *r)
{
	if (!r)
		return;
	free(r->name);
	free(r);
}

static struct record *record_parse(const char *line)
{
	struct record *r;
	char name[128];
	int id;
	double price;

	if (sscanf(line, "%d;%127[^;];%lf", &id, name, &price) != 3)
		return NULL;
	r = malloc(sizeof(*r));
	if (!r)
		return NULL;
	r->name = strdup(name);
	if (!r->name) {
		free(r);
		return NULL;
	}
	r->id = id;
	r->price = price;
	return r;
}

/* Drop zero-priced records; each dropped record is freed once and its
 * slot cleared so the final cleanup skips it. */
static void drop_free_items(struct record_set *set)
{
	for (size_t i = 0; i < set->count; i++) {
		if (set->items[i] && set->items[i]->price == 0.0) {
			record_free(set->items[i]);
			set->items[i] = NULL;
		}
	}
}

int main(int argc, char **argv)
{
	struct record_set set = { NULL, 0 };
	char line[256];
	double discount;
	FILE *fp;

	if (argc != 3 || (discount = atof(argv[2])) < 0 || discount > 100) {
		fprintf(stderr, "usage: %s FILE PERCENT\n", argv[0]);
		return 1;
	}
	if (!(fp = fopen(argv[1], "r"))) {
		perror(argv[1]);
		return 1;
	}
	while (fgets(line, sizeof(line), fp)) {
		struct record *r = record_parse(line);
		struct record **p;

		if (!r)
			continue;
		p = realloc(set.items, (set.count + 1) * sizeof(*p));
		if (!p) {
			record_free(r);
			break;
		}
		set.items = p;
		set.items[set.count++] = r;
	}
	fclose(fp);

	drop_free_items(&set);
	for (size_t i = 0; i < set.count; i++) {
		struct record *r = set.items[i];
		if (r)
			printf("%4d %-20s %8.2f\n", r->id, r->name,
			       r->price * (100.0 - discount) / 100.0);
	}
	for (size_t i = 0; i < set.count; i++)
		record_free(set.items[i]);
	free(set.items);
	return 0;
}
