/* iniget -- print the value of SECTION.KEY from an INI file.

   usage: iniget FILE SECTION KEY

   Blank lines and lines starting with ';' or '#' are ignored.
   Keys outside any section belong to the section "".  */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_LEN 512
#define NAME_MAX_LEN 64
#define VALUE_MAX_LEN 256

struct ini_entry
{
  char section[NAME_MAX_LEN];
  char key[NAME_MAX_LEN];
  char value[VALUE_MAX_LEN];
};

enum line_kind
{
  LINE_SKIP,
  LINE_SECTION,
  LINE_PAIR,
  LINE_ERROR
};

/* Strip leading and trailing white space in place; return the new start.  */
static char *
trim (char *s)
{
  char *end;

  while (isspace ((unsigned char) *s))
    s++;
  end = s + strlen (s);
  while (end > s && isspace ((unsigned char) end[-1]))
    end--;
  *end = '\0';
  return s;
}

/* Classify one line.  Section headers update E->section, key/value
   lines fill E->key and E->value.  */
static enum line_kind
parse_line (char *line, struct ini_entry *e)
{
  char *s = trim (line);
  char *eq;

  if (*s == '\0' || *s == ';' || *s == '#')
    return LINE_SKIP;

  if (*s == '[')
    {
      char *close = strchr (s, ']');
      if (close == NULL)
        return LINE_ERROR;
      *close = '\0';
      s = trim (s + 1);
      if (strlen (s) >= sizeof e->section)
        return LINE_ERROR;
      strcpy (e->section, s);
      return LINE_SECTION;
    }

  eq = strchr (s, '=');
  if (eq == NULL)
    return LINE_ERROR;
  *eq = '\0';
  strcpy (e->key, trim (s)); /* FLAW: CWE-121 */
  s = trim (eq + 1);
  if (strlen (s) >= sizeof e->value)
    return LINE_ERROR;
  strcpy (e->value, s);
  return LINE_PAIR;
}

int
main (int argc, char **argv)
{
  char line[LINE_MAX_LEN];
  struct ini_entry e;
  unsigned long lineno = 0;
  int found = 0;
  FILE *fp;

  if (argc != 4)
    {
      fprintf (stderr, "usage: %s FILE SECTION KEY\n", argv[0]);
      return 2;
    }

  fp = fopen (argv[1], "r");
  if (fp == NULL)
    {
      perror (argv[1]);
      return 1;
    }

  e.section[0] = '\0';
  while (fgets (line, sizeof line, fp) != NULL)
    {
      lineno++;
      switch (parse_line (line, &e))
        {
        case LINE_PAIR:
          if (strcmp (e.section, argv[2]) == 0 && strcmp (e.key, argv[3]) == 0)
            {
              printf ("%s\n", e.value);
              found = 1;
            }
          break;
        case LINE_ERROR:
          fprintf (stderr, "%s:%lu: syntax error\n", argv[1], lineno);
          break;
        default:
          break;
        }
      if (found)
        break;
    }

  fclose (fp);
  return found ? 0 : 1;
}
