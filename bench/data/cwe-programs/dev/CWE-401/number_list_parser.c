/*
 * number_list_parser - read whitespace separated tokens from stdin and
 * print the integers among them in hexadecimal. Tokens that are not
 * numbers are reported and skipped.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOKEN_MAX 64

/* Read one whitespace separated token into a new heap string. */
static char *read_token(FILE *in)
{
  char tmp[TOKEN_MAX];

  if (fscanf (in, "%63s", tmp) != 1)
    return NULL;
  return strdup (tmp);
}

static int
parse_long (const char *s, long *out)
{
  char *end;

  errno = 0;
  *out = strtol (s, &end, 0);
  return (errno == 0 && end != s && *end == '\0') ? 0 : -1;
}

int
main (void)
{
  char *tok;
  long v;
  unsigned ok = 0, skipped = 0;

  while ((tok = read_token (stdin)) != NULL)
    {
      if (parse_long (tok, &v) != 0)
        {
          fprintf (stderr, "skipping '%s'\n", tok);
          skipped++;
          continue; /* FLAW: CWE-401 */
        }
      printf ("%-20s 0x%lx\n", tok, (unsigned long) v);
      ok++;
      free (tok);
    }
  fprintf (stderr, "%u numbers, %u skipped\n", ok, skipped);
  return 0;
}
