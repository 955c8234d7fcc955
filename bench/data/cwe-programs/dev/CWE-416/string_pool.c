/* string_pool: intern the words of a text file in a string pool and print
 * how many distinct words were found. All strings live in large blocks
 * that are released together at the end. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_SIZE 4096
#define TABLE_SIZE 1021

struct block {
	struct block *next;
	size_t used;
	char data[BLOCK_SIZE];
};

struct pool {
	struct block *blocks;
	const char *table[TABLE_SIZE];
	size_t distinct;
};

static unsigned hash(const char *s)
{
	unsigned h = 5381;
	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % TABLE_SIZE;
}

static const char *pool_copy(struct pool *p, const char *s, size_t len)
{
	struct block *b = p->blocks;
	char *dst;

	if (len + 1 > BLOCK_SIZE)
		return NULL;
	if (!b || BLOCK_SIZE - b->used < len + 1) {
		b = malloc(sizeof(*b));
		if (!b)
			return NULL;
		b->used = 0;
		b->next = p->blocks;
		p->blocks = b;
	}
	dst = b->data + b->used;
	memcpy(dst, s, len);
	dst[len] = '\0';
	b->used += len + 1;
	return dst;
}

/* Returns 1 if the word was new, 0 if already present, -1 on error. */
static int pool_intern(struct pool *p, const char *word)
{
	unsigned h = hash(word);
	size_t probes;

	for (probes = 0; probes < TABLE_SIZE; probes++) {
		if (!p->table[h]) {
			p->table[h] = pool_copy(p, word, strlen(word));
			if (!p->table[h])
				return -1;
			p->distinct++;
			return 1;
		}
		if (strcmp(p->table[h], word) == 0)
			return 0;
		h = (h + 1) % TABLE_SIZE;
	}
	return -1;
}

static void pool_destroy(struct pool *p)
{
	struct block *b = p->blocks;

	while (b) {
		struct block *next = b->next;
		free(b);
		b = next;
	}
	p->blocks = NULL;
}

int main(void)
{
	static struct pool p;
	char word[64];
	size_t len = 0;
	int c;

	while ((c = getchar()) != EOF) {
		if (isalnum(c) && len < sizeof(word) - 1) {
			word[len++] = (char)tolower(c);
			continue;
		}
		if (len > 0) {
			word[len] = '\0';
			if (pool_intern(&p, word) < 0) {
				fprintf(stderr, "pool full\n");
				break;
			}
			len = 0;
		}
	}
	if (len > 0) {
		word[len] = '\0';
		pool_intern(&p, word);
	}
	printf("%zu distinct words\n", p.distinct);
	pool_destroy(&p);
	return 0;
}
