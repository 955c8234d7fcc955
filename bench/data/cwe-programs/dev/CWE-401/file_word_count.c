/*
 * file_word_count - like `wc`: print line, word and byte counts for each
 * file named on the command line, plus a total. Each file is read whole
 * into memory.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

struct counts {
	unsigned long lines, words, bytes;
};

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	long size;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (size = ftell(fp)) >= 0 &&
	    fseek(fp, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)size + 1);
		if (buf) {
			*len = fread(buf, 1, (size_t)size, fp);
			buf[*len] = '\0';
		}
	}
	fclose(fp);
	return buf;
}

static void count(const char *buf, size_t len, struct counts *c)
{
	int in_word = 0;

	c->lines = c->words = 0;
	c->bytes = len;
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)buf[i];

		if (ch == '\n')
			c->lines++;
		if (isspace(ch)) {
			in_word = 0;
		} else if (!in_word) {
			in_word = 1;
			c->words++;
		}
	}
}

int main(int argc, char **argv)
{
	struct counts total = { 0, 0, 0 };
	int rc = 0;

	for (int i = 1; i < argc; i++) {
		struct counts c;
		size_t len = 0;
		char *buf = slurp(argv[i], &len);

		if (!buf) {
			perror(argv[i]);
			rc = 1;
			continue;
		}
		count(buf, len, &c);
		free(buf);
		printf("%7lu %7lu %7lu %s\n", c.lines, c.words, c.bytes, argv[i]);
		total.lines += c.lines;
		total.words += c.words;
		total.bytes += c.bytes;
	}
	if (argc > 2)
		printf("%7lu %7lu %7lu total\n", total.lines, total.words, total.bytes);
	return rc;
}
