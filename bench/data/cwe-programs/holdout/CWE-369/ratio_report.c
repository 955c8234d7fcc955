/*
 * ratio_report - read "label hits misses" lines from a stats file and
 * print each cache's hit ratio, plus the overall ratio.
 */
#include <stdio.h>

struct cache_stat {
  char label[48];
  unsigned long hits;
  unsigned long misses;
};

static double
hit_ratio (unsigned long hits, unsigned long misses)
{
  unsigned long lookups = hits + misses;

  if (lookups == 0)
    return 0.0;
  return (double) hits / (double) lookups;
}

int
main (int argc, char **argv)
{
  struct cache_stat st;
  unsigned long all_hits = 0, all_misses = 0;
  char line[256];
  FILE *fp;

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s STATSFILE\n", argv[0]);
      return 2;
    }
  fp = fopen (argv[1], "r");
  if (fp == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  while (fgets (line, sizeof line, fp))
    {
      if (sscanf (line, "%47s %lu %lu", st.label, &st.hits, &st.misses) != 3)
        continue;
      if (st.hits + st.misses == 0)
        printf ("%-20s   (no lookups)\n", st.label);
      else
        printf ("%-20s %6.2f%%\n", st.label,
                100.0 * hit_ratio (st.hits, st.misses));
      all_hits += st.hits;
      all_misses += st.misses;
    }
  fclose (fp);
  printf ("%-20s %6.2f%%\n", "overall", 100.0 * hit_ratio (all_hits, all_misses));
  return 0;
}
