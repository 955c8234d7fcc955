/*
 * key_value_parse - read "key=value" pairs from stdin and emit them as
 * shell variable assignments (export KEY='value').
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static void emit_quoted(const char *s)
{
  putchar ('\'');
  for (; *s; s++)
    {
      if (*s == '\'')
        fputs ("'\\''", stdout);
      else
        putchar (*s);
    }
  putchar ('\'');
}

static void
emit_pair (char *line)
{
  char *eq = strchr (line, '=');
  char *key = line;
  char *p;

  *eq = '\0'; /* FLAW: CWE-476 */
  for (p = key; *p; p++)
    *p = (char) (isalnum ((unsigned char) *p) ? toupper ((unsigned char) *p) : '_');
  printf ("export %s=", key);
  emit_quoted (eq + 1);
  putchar ('\n');
}

int
main (void)
{
  char line[512];
  int n = 0;

  while (fgets (line, sizeof line, stdin))
    {
      line[strcspn (line, "\r\n")] = '\0';
      if (line[0] == '\0' || line[0] == '#')
        continue;
      emit_pair (line);
      n++;
    }
  fprintf (stderr, "# %d variables\n", n);
  return 0;
}
