/*
 * record_loader - load a binary customer database ("CDB1" magic, u32
 * record count, then constant-size records) and print the records whose
 * balance is negative.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct customer {
	uint32_t id;
	char name[44];
	int64_t balance_cents;
};

struct database {
	uint32_t count;
	struct customer *rows;
};

static int db_read_header(FILE *fp, uint32_t *count)
{
	unsigned char hdr[8];

	if (fread(hdr, 1, sizeof(hdr), fp) != sizeof(hdr) || memcmp(hdr, "CDB1", 4) != 0)
		return -1;
	*count = (uint32_t)hdr[4] | (uint32_t)hdr[5] << 8 |
		 (uint32_t)hdr[6] << 16 | (uint32_t)hdr[7] << 24;
	return 0;
}

static int db_load(FILE *fp, struct database *db)
{
	if (db_read_header(fp, &db->count) != 0)
		return -1;
	db->rows = malloc((size_t)db->count * sizeof(struct customer)); /* FLAW: CWE-770 */
	if (!db->rows)
		return -1;
	if (fread(db->rows, sizeof(struct customer), db->count, fp) != db->count) {
		free(db->rows);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct database db;
	FILE *fp;
	uint32_t i, shown = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s DBFILE\n", argv[0]);
		return 2;
	}
	if (!(fp = fopen(argv[1], "rb"))) {
		perror(argv[1]);
		return 1;
	}
	if (db_load(fp, &db) != 0) {
		fprintf(stderr, "%s: unreadable database\n", argv[1]);
		fclose(fp);
		return 1;
	}
	fclose(fp);

	for (i = 0; i < db.count; i++) {
		struct customer *c = &db.rows[i];

		c->name[sizeof(c->name) - 1] = '\0';
		if (c->balance_cents < 0) {
			printf("%8u %-44s %12.2f\n", c->id, c->name, c->balance_cents / 100.0);
			shown++;
		}
	}
	printf("%u of %u customers in debt\n", shown, db.count);
	free(db.rows);
	return 0;
}
