/*
 * window_geometry - parse X11-style geometry strings such as
 * "800x600+10+20" from the command line and print the window area and
 * its bottom-right corner.
 */
#include <stdio.h>

struct geometry {
  int w, h;
  int x, y;
};

static void
parse_geometry (const char *s, struct geometry *g)
{
  g->x = 0;
  g->y = 0;
  /* the offset part is optional */
  sscanf (s, "%dx%d%d%d", &g->w, &g->h, &g->x, &g->y);
}

int
main (int argc, char **argv)
{
  int i;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s WxH[+X+Y]...\n", argv[0]);
      return 2;
    }
  for (i = 1; i < argc; i++)
    {
      struct geometry g;
      long area;

      parse_geometry (argv[i], &g);
      area = (long) g.w * g.h; /* FLAW: CWE-457 */
      printf ("%s: %ld pixels, corner at (%d,%d)\n", argv[i], area,
              g.x + g.w, g.y + g.h);
    }
  return 0;
}
