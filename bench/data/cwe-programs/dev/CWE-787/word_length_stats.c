/*
 * word_length_stats - count how many words of each length appear in the
 * files given on the command line (or stdin). Words longer than
 * MAX_TRACKED are counted in the last bucket.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAX_TRACKED 20

struct stats {
	unsigned long by_len[MAX_TRACKED + 1];
	unsigned long words;
};

static void record_word(struct stats *st, size_t len)
{
	if (len == 0)
		return;
	if (len > MAX_TRACKED)
		len = MAX_TRACKED;
	st->by_len[len]++;
	st->words++;
}

static void scan_stream(FILE *fp, struct stats *st)
{
	int c;
	size_t cur = 0;

	while ((c = getc(fp)) != EOF) {
		if (isalpha(c)) {
			cur++;
		} else {
			record_word(st, cur);
			cur = 0;
		}
	}
	record_word(st, cur);
}

int main(int argc, char *argv[])
{
	struct stats st;
	int i;

	memset(&st, 0, sizeof(st));
	if (argc < 2) {
		scan_stream(stdin, &st);
	} else {
		for (i = 1; i < argc; i++) {
			FILE *fp = fopen(argv[i], "r");

			if (!fp) {
				perror(argv[i]);
				continue;
			}
			scan_stream(fp, &st);
			fclose(fp);
		}
	}

	printf("%lu words\n", st.words);
	for (i = 1; i <= MAX_TRACKED; i++) {
		if (st.by_len[i] == 0)
			continue;
		printf("%2d%s letters: %lu\n", i,
		       i == MAX_TRACKED ? "+" : " ", st.by_len[i]);
	}
	return 0;
}
