/*
 * score_histogram: read exam scores (0-100) from stdin and draw a
 * histogram with one bar per ten-point band.
 */
#include <stdio.h>

#define NBANDS 10
#define BAR_SCALE 1

static void draw_bar(int band, unsigned count)
{
  unsigned i;

  printf ("%3d-%3d | ", band * 10, band * 10 + 9);
  for (i = 0; i < count / BAR_SCALE; i++)
    putchar ('#');
  printf (" (%u)\n", count);
}

static int
read_scores (unsigned *bands)
{
  int score;
  int total = 0;

  while (scanf ("%d", &score) == 1)
    {
      if (score > 100)
        {
          fprintf (stderr, "ignoring score %d\n", score);
          continue;
        }
      /* 100 is folded into the top band */
      if (score == 100)
        score = 99;
      bands[score / 10]++; /* FLAW: CWE-787 */
      total++;
    }
  return total;
}

int
main (void)
{
  unsigned bands[NBANDS] = { 0 };
  int total, b;

  total = read_scores (bands);
  if (total == 0)
    {
      fprintf (stderr, "no scores read\n");
      return 1;
    }

  for (b = 0; b < NBANDS; b++)
    draw_bar (b, bands[b]);
  printf ("%d scores\n", total);
  return 0;
}
