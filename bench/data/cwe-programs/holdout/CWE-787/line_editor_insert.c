/*
 * line_editor_insert - a very small line editor. Reads commands from
 * stdin and applies them to a single line of text:
 *
 *   i POS TEXT   insert TEXT before column POS
 *   d POS N      delete N characters starting at POS
 *   p            print the line
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_CAP 80

typedef struct {
  char text[LINE_CAP + 1];
  size_t len;
} line_t;

static int
line_insert (line_t *ln, size_t pos, const char *s)
{
  size_t n = strlen (s);

  if (pos > ln->len || n > LINE_CAP - ln->len)
    return -1;
  memmove (ln->text + pos + n, ln->text + pos, ln->len - pos + 1);
  memcpy (ln->text + pos, s, n);
  ln->len += n;
  return 0;
}

static int
line_delete (line_t *ln, size_t pos, size_t n)
{
  if (pos > ln->len)
    return -1;
  if (n > ln->len - pos)
    n = ln->len - pos;
  memmove (ln->text + pos, ln->text + pos + n, ln->len - pos - n + 1);
  ln->len -= n;
  return 0;
}

int
main (void)
{
  line_t ln = { "", 0 };
  char cmd[256];

  while (fgets (cmd, sizeof cmd, stdin))
    {
      unsigned long pos, n;
      char arg[128];
      int rc = 0;

      cmd[strcspn (cmd, "\n")] = '\0';
      if (sscanf (cmd, "i %lu %127[^\n]", &pos, arg) == 2)
        rc = line_insert (&ln, pos, arg);
      else if (sscanf (cmd, "d %lu %lu", &pos, &n) == 2)
        rc = line_delete (&ln, pos, n);
      else if (strcmp (cmd, "p") == 0)
        printf ("%s\n", ln.text);
      else
        fprintf (stderr, "unknown command: %s\n", cmd);

      if (rc != 0)
        fprintf (stderr, "command rejected: %s\n", cmd);
    }
  return 0;
}
