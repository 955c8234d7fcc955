/*
 * file_line_count - print the number of lines and the longest line length
 * of every file given on the command line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct line_stats {
  unsigned long lines;
  size_t longest;
};

static int
count_lines (const char *path, struct line_stats *st)
{
  FILE *fp = fopen (path, "r");
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;

  if (fp == NULL)
    return -1;
  st->lines = 0;
  st->longest = 0;
  while ((len = getline (&line, &cap, fp)) != -1)
    {
      if (len > 0 && line[len - 1] == '\n')
        len--;
      if ((size_t) len > st->longest)
        st->longest = (size_t) len;
      st->lines++;
    }
  free (line);
  fclose (fp);
  return 0;
}

int
main (int argc, char **argv)
{
  int i, rc = 0;

  for (i = 1; i < argc; i++)
    {
      struct line_stats st;

      if (count_lines (argv[i], &st) != 0)
        {
          fprintf (stderr, "%s: %s\n", argv[i], strerror (errno));
          rc = 1;
          continue;
        }
      printf ("%8lu lines, longest %zu  %s\n", st.lines, st.longest, argv[i]);
    }
  return rc;
}
