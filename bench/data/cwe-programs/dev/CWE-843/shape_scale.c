/*
 * shape_scale - a small drawing model. Shapes are read from a file
 *   circle R
 *   poly X1 X2 ... (x coordinates only, to keep things short)
 * then commands on stdin:
 *   widen IDX FACTOR   scale the x coordinates of polygon IDX
 *   list
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SHAPES 32
#define MAX_POINTS 16

typedef enum { SHAPE_CIRCLE, SHAPE_POLY } shape_kind;

typedef struct {
  shape_kind kind;
  union {
    struct { double r; } circle;
    struct { int n; double *xs; } poly;
  } u;
} shape;

static shape shapes[MAX_SHAPES];
static int nshapes;

static int
load_shape (char *line)
{
  shape *s = &shapes[nshapes];
  char *tok = strtok (line, " \t\n");

  if (tok == NULL || nshapes == MAX_SHAPES)
    return -1;
  if (strcmp (tok, "circle") == 0)
    {
      tok = strtok (NULL, " \t\n");
      if (tok == NULL)
        return -1;
      s->kind = SHAPE_CIRCLE;
      s->u.circle.r = atof (tok);
    }
  else if (strcmp (tok, "poly") == 0)
    {
      s->kind = SHAPE_POLY;
      s->u.poly.n = 0;
      s->u.poly.xs = malloc (MAX_POINTS * sizeof (double));
      if (s->u.poly.xs == NULL)
        return -1;
      while ((tok = strtok (NULL, " \t\n")) != NULL && s->u.poly.n < MAX_POINTS)
        s->u.poly.xs[s->u.poly.n++] = atof (tok);
    }
  else
    return -1;
  nshapes++;
  return 0;
}

static void
widen (shape *s, double f)
{
  for (int i = 0; i < s->u.poly.n; i++) /* FLAW: CWE-843 */
    s->u.poly.xs[i] *= f; /* FLAW: CWE-843 */
}

static void
list_shapes (void)
{
  for (int i = 0; i < nshapes; i++)
    {
      if (shapes[i].kind == SHAPE_CIRCLE)
        printf ("%d: circle r=%g\n", i, shapes[i].u.circle.r);
      else
        {
          printf ("%d: poly", i);
          for (int j = 0; j < shapes[i].u.poly.n; j++)
            printf (" %g", shapes[i].u.poly.xs[j]);
          putchar ('\n');
        }
    }
}

int
main (int argc, char **argv)
{
  char line[512];
  FILE *fp;
  int idx;
  double f;

  if (argc != 2 || (fp = fopen (argv[1], "r")) == NULL)
    {
      fprintf (stderr, "usage: %s SHAPES\n", argv[0]);
      return 2;
    }
  while (fgets (line, sizeof line, fp))
    load_shape (line);
  fclose (fp);

  while (fgets (line, sizeof line, stdin))
    {
      if (sscanf (line, "widen %d %lf", &idx, &f) == 2)
        {
          if (idx < 0 || idx >= nshapes)
            puts ("no such shape");
          else
            widen (&shapes[idx], f);
        }
      else if (strncmp (line, "list", 4) == 0)
        list_shapes ();
    }
  for (int i = 0; i < nshapes; i++)
    if (shapes[i].kind == SHAPE_POLY)
      free (shapes[i].u.poly.xs);
  return 0;
}
