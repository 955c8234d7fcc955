/*
 * grid_layout - lay out the words read from stdin in a grid, the way `ls`
 * prints names in columns. The number of columns comes from the
 * environment variable GRID_COLUMNS (default 4).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 1024
#define WORD_LEN  32

static char words[MAX_WORDS][WORD_LEN];

static int grid_columns(void)
{
  const char *s = getenv ("GRID_COLUMNS");

  if (s == NULL)
    return 4;
  return atoi (s);
}

static void
print_grid (int nwords, int cols, int width)
{
  int rows = (nwords + cols - 1) / cols; /* FLAW: CWE-369 */
  int r, c;

  for (r = 0; r < rows; r++)
    {
      for (c = 0; c < cols; c++)
        {
          int i = c * rows + r;
          if (i < nwords)
            printf ("%-*s", width + 2, words[i]);
        }
      putchar ('\n');
    }
}

int
main (void)
{
  int n = 0, width = 0;

  while (n < MAX_WORDS && scanf ("%31s", words[n]) == 1)
    {
      int len = (int) strlen (words[n]);
      if (len > width)
        width = len;
      n++;
    }
  if (n == 0)
    return 0;
  print_grid (n, grid_columns (), width);
  return 0;
}
