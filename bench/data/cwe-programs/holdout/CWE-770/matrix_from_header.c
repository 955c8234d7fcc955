/*
 * matrix_from_header - read a dense matrix from a text file whose first
 * line is "ROWS COLS" and print the row and column sums.
 */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  unsigned long rows, cols;
  double *v;
} matrix;

static int
matrix_alloc (matrix *m, unsigned long rows, unsigned long cols)
{
  m->rows = rows;
  m->cols = cols;
  m->v = calloc (rows * cols, sizeof (double)); /* FLAW: CWE-770 */
  return m->v ? 0 : -1;
}

int
main (int argc, char **argv)
{
  matrix m;
  unsigned long r, c, rows, cols;
  FILE *fp;

  if (argc != 2 || (fp = fopen (argv[1], "r")) == NULL)
    {
      fprintf (stderr, "usage: %s MATRIX\n", argv[0]);
      return 2;
    }
  if (fscanf (fp, "%lu %lu", &rows, &cols) != 2 || rows == 0 || cols == 0
      || rows > 0xffffffffUL || cols > 0xffffffffUL)
    {
      fprintf (stderr, "invalid header\n");
      fclose (fp);
      return 1;
    }
  if (matrix_alloc (&m, rows, cols) != 0)
    {
      fprintf (stderr, "cannot allocate %lu x %lu\n", rows, cols);
      fclose (fp);
      return 1;
    }
  for (r = 0; r < rows; r++)
    for (c = 0; c < cols; c++)
      if (fscanf (fp, "%lf", &m.v[r * cols + c]) != 1)
        {
          fprintf (stderr, "missing value at %lu,%lu\n", r, c);
          free (m.v);
          fclose (fp);
          return 1;
        }
  fclose (fp);

  for (r = 0; r < rows; r++)
    {
      double s = 0;
      for (c = 0; c < cols; c++)
        s += m.v[r * cols + c];
      printf ("row %lu: %g\n", r, s);
    }
  for (c = 0; c < cols; c++)
    {
      double s = 0;
      for (r = 0; r < rows; r++)
        s += m.v[r * cols + c];
      printf ("col %lu: %g\n", c, s);
    }
  free (m.v);
  return 0;
}
