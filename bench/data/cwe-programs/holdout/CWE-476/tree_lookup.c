/* tree_lookup: build a binary search tree of words from a file, then
 * answer lookups typed on stdin with the number of occurrences. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tnode {
	char *word;
	unsigned count;
	struct tnode *left, *right;
};

static struct tnode *tree_insert(struct tnode *root, const char *w, int *err)
{
	struct tnode **link = &root;

	while (*link) {
		int c = strcmp(w, (*link)->word);

		if (c == 0) {
			(*link)->count++;
			return root;
		}
		link = c < 0 ? &(*link)->left : &(*link)->right;
	}
	*link = calloc(1, sizeof(**link));
	if (!*link || !((*link)->word = strdup(w))) {
		free(*link);
		*link = NULL;
		*err = 1;
		return root;
	}
	(*link)->count = 1;
	return root;
}

static const struct tnode *tree_find(const struct tnode *n, const char *w)
{
	while (n) {
		int c = strcmp(w, n->word);

		if (c == 0)
			return n;
		n = c < 0 ? n->left : n->right;
	}
	return NULL;
}

static void tree_free(struct tnode *n)
{
	if (!n)
		return;
	tree_free(n->left);
	tree_free(n->right);
	free(n->word);
	free(n);
}

int main(int argc, char **argv)
{
	struct tnode *root = NULL;
	char word[64], query[64];
	FILE *fp;
	int err = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s TEXTFILE\n", argv[0]);
		return 1;
	}
	if (!(fp = fopen(argv[1], "r"))) {
		perror(argv[1]);
		return 1;
	}
	while (!err && fscanf(fp, "%63s", word) == 1)
		root = tree_insert(root, word, &err);
	fclose(fp);
	if (err)
		fprintf(stderr, "warning: out of memory, index incomplete\n");

	while (scanf("%63s", query) == 1) {
		const struct tnode *n = tree_find(root, query);

		printf("%s: %u\n", query, n ? n->count : 0u);
	}
	tree_free(root);
	return 0;
}
