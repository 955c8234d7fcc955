/*
 * line_editor_backspace - minimal line editor driven by key codes read
 * from stdin (raw bytes, as a terminal in raw mode would send them):
 *   printable  insert at cursor      Ctrl-A  cursor to start
 *   Ctrl-E     cursor to end         Ctrl-B / Ctrl-F  left / right
 *   Backspace  delete before cursor  Enter   print line and clear
 */
#include <stdio.h>
#include <string.h>

#define LINE_CAP 256

#define KEY_CTRL_A 0x01
#define KEY_CTRL_B 0x02
#define KEY_CTRL_E 0x05
#define KEY_CTRL_F 0x06
#define KEY_BS     0x08
#define KEY_DEL    0x7f

struct editor {
	char buf[LINE_CAP];
	size_t len;
	size_t cursor;
};

static void insert_char(struct editor *e, char c)
{
	if (e->len + 1 >= LINE_CAP)
		return;
	memmove(e->buf + e->cursor + 1, e->buf + e->cursor, e->len - e->cursor);
	e->buf[e->cursor++] = c;
	e->len++;
}

static void delete_before_cursor(struct editor *e)
{
	size_t at = e->cursor - 1; /* FLAW: CWE-191 */

	memmove(e->buf + at, e->buf + at + 1, e->len - at - 1);
	e->cursor = at;
	e->len--;
}

int main(void)
{
	struct editor e = { .len = 0, .cursor = 0 };
	int c;

	while ((c = getchar()) != EOF) {
		switch (c) {
		case KEY_CTRL_A: e.cursor = 0; break;
		case KEY_CTRL_E: e.cursor = e.len; break;
		case KEY_CTRL_B: if (e.cursor > 0) e.cursor--; break;
		case KEY_CTRL_F: if (e.cursor < e.len) e.cursor++; break;
		case KEY_BS:
		case KEY_DEL:
			if (e.len > 0)
				delete_before_cursor(&e);
			break;
		case '\r':
		case '\n':
			printf("%.*s\n", (int)e.len, e.buf);
			e.len = e.cursor = 0;
			break;
		default:
			if (c >= 0x20 && c < 0x7f)
				insert_char(&e, (char)c);
			break;
		}
	}
	if (e.len > 0)
		printf("%.*s\n", (int)e.len, e.buf);
	return 0;
}
