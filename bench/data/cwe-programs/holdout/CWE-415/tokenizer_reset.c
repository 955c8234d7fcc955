/*
 * tokenizer_reset - interactive word tokenizer.
 *   feed TEXT   load a new line of text
 *   next        print the next token of the loaded text
 *   reset       discard the loaded text
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tokenizer {
	char *buf;
	size_t len;
	size_t pos;
};

static void tokenizer_clear(struct tokenizer *tk)
{
	free(tk->buf); /* FLAW: CWE-415 */
	tk->len = 0;
	tk->pos = 0;
}

static int tokenizer_feed(struct tokenizer *tk, const char *text)
{
	char *copy = strdup(text);

	if (!copy)
		return -1;
	tokenizer_clear(tk);
	tk->buf = copy;
	tk->len = strlen(copy);
	return 0;
}

/* Copy the next whitespace separated token into out; 0 when exhausted. */
static int tokenizer_next(struct tokenizer *tk, char *out, size_t outsz)
{
	size_t start, n;

	while (tk->pos < tk->len && isspace((unsigned char)tk->buf[tk->pos]))
		tk->pos++;
	if (tk->pos >= tk->len)
		return 0;
	start = tk->pos;
	while (tk->pos < tk->len && !isspace((unsigned char)tk->buf[tk->pos]))
		tk->pos++;
	n = tk->pos - start;
	if (n >= outsz)
		n = outsz - 1;
	memcpy(out, tk->buf + start, n);
	out[n] = '\0';
	return 1;
}

int main(void)
{
	struct tokenizer tk = { NULL, 0, 0 };
	char line[256], tok[64];

	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "feed ", 5) == 0) {
			if (tokenizer_feed(&tk, line + 5) != 0)
				break;
		} else if (strcmp(line, "next") == 0) {
			if (tokenizer_next(&tk, tok, sizeof(tok)))
				printf("token: %s\n", tok);
			else
				printf("(end)\n");
		} else if (strcmp(line, "reset") == 0) {
			tokenizer_clear(&tk);
		} else {
			fprintf(stderr, "unknown command\n");
		}
	}
	tokenizer_clear(&tk);
	return 0;
}
