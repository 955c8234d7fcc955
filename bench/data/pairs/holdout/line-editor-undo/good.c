/*
 * linedit - tiny line-oriented text editor for the serial console.
 *
 * Commands (one per line on standard input):
 *   a TEXT    append TEXT as a new line
 *   d N       delete line N (counting from 1)
 *   u         undo the last change
 *   p         print the buffer with line numbers
 *   w FILE    write the buffer to FILE
 *   q         quit
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES  512
#define UNDO_DEPTH 16
#define INPUT_LEN  1024

struct doc {
	char *lines[MAX_LINES];
	int n;
};

/* undo snapshots: the whole document, every line ended by '\n' */
struct undo {
	char *snap[UNDO_DEPTH];
	int n;
};

static void doc_clear(struct doc *d)
{
	while (d->n > 0)
		free(d->lines[--d->n]);
}

static char *doc_dump(const struct doc *d)
{
	size_t total = 1, off = 0;
	char *s;
	int i;

	for (i = 0; i < d->n; i++)
		total += strlen(d->lines[i]) + 1;
	s = malloc(total);
	if (s == NULL)
		return NULL;
	for (i = 0; i < d->n; i++) {
		size_t len = strlen(d->lines[i]);

		memcpy(s + off, d->lines[i], len);
		off += len;
		s[off++] = '\n';
	}
	s[off] = '\0';
	return s;
}

static int doc_load(struct doc *d, const char *snap)
{
	const char *p = snap;

	doc_clear(d);
	while (*p != '\0' && d->n < MAX_LINES) {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		char *line = strndup(p, len);

		if (line == NULL)
			return -1;
		d->lines[d->n++] = line;
		p += len;
		if (*p == '\n')
			p++;
	}
	return 0;
}

static int doc_append(struct doc *d, const char *text)
{
	char *copy;

	if (d->n == MAX_LINES || strchr(text, '\n') != NULL)
		return -1;
	copy = strdup(text);
	if (copy == NULL)
		return -1;
	d->lines[d->n++] = copy;
	return 0;
}

static int doc_delete(struct doc *d, const char *arg)
{
	char *end;
	long no;

	errno = 0;
	no = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || no < 1 || no > d->n)
		return -1;
	free(d->lines[no - 1]);
	memmove(&d->lines[no - 1], &d->lines[no],
		(size_t)(d->n - no) * sizeof(d->lines[0]));
	d->n--;
	return 0;
}

/* Remember SNAP; the oldest snapshot is dropped when the stack is full. */
static void undo_push(struct undo *u, char *snap)
{
	if (u->n == UNDO_DEPTH) {
		free(u->snap[0]);
		memmove(&u->snap[0], &u->snap[1], (UNDO_DEPTH - 1) * sizeof(u->snap[0]));
		u->n--;
	}
	u->snap[u->n++] = snap;
}

static void undo_clear(struct undo *u)
{
	while (u->n > 0)
		free(u->snap[--u->n]);
}

static int write_file(const struct doc *d, const char *path)
{
	FILE *fp = fopen(path, "w");
	int i;

	if (fp == NULL)
		return -1;
	for (i = 0; i < d->n; i++)
		fprintf(fp, "%s\n", d->lines[i]);
	return fclose(fp) == 0 ? 0 : -1;
}

int main(void)
{
	struct doc doc = { .n = 0 };
	struct undo undo = { .n = 0 };
	char input[INPUT_LEN];

	while (fgets(input, sizeof(input), stdin) != NULL) {
		char cmd = input[0];
		char *arg = input + 1;
		int i;

		input[strcspn(input, "\r\n")] = '\0';
		arg += strspn(arg, " \t");

		if (cmd == 'a' || cmd == 'd') {
			char *snap = doc_dump(&doc);
			int rc;

			if (snap == NULL) {
				perror("linedit");
				break;
			}
			rc = cmd == 'a' ? doc_append(&doc, arg) : doc_delete(&doc, arg);
			if (rc < 0) {
				puts("?");
				free(snap);
				continue;
			}
			undo_push(&undo, snap);
		} else if (cmd == 'u') {
			char *snap;

			if (undo.n == 0) {
				puts("nothing to undo");
				continue;
			}
			snap = undo.snap[--undo.n];
			if (doc_load(&doc, snap) < 0)
				puts("?");
			free(snap);
		} else if (cmd == 'p') {
			for (i = 0; i < doc.n; i++)
				printf("%4d  %s\n", i + 1, doc.lines[i]);
		} else if (cmd == 'w') {
			if (*arg == '\0' || write_file(&doc, arg) < 0)
				puts("?");
		} else if (cmd == 'q') {
			break;
		} else if (cmd != '\0') {
			puts("?");
		}
	}

	undo_clear(&undo);
	doc_clear(&doc);
	return 0;
}
