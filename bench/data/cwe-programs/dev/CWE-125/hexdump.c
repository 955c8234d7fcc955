/*
 * hexdump - classic 16-bytes-per-row hex + ASCII dump of a file.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define ROW 16

static void
print_row (unsigned long offset, const unsigned char *buf, size_t n)
{
  size_t i;

  printf ("%08lx  ", offset);
  for (i = 0; i < ROW; i++)
    {
      if (i < n)
        printf ("%02x ", buf[i]);
      else
        fputs ("   ", stdout);
      if (i == 7)
        putchar (' ');
    }
  fputs (" |", stdout);
  for (i = 0; i < n; i++)
    putchar (isprint (buf[i]) ? buf[i] : '.');
  puts ("|");
}

int
main (int argc, char **argv)
{
  unsigned char buf[ROW];
  unsigned long offset = 0;
  size_t n;
  FILE *fp = stdin;

  if (argc > 2)
    {
      fprintf (stderr, "usage: %s [FILE]\n", argv[0]);
      return EXIT_FAILURE;
    }
  if (argc == 2 && (fp = fopen (argv[1], "rb")) == NULL)
    {
      perror (argv[1]);
      return EXIT_FAILURE;
    }

  while ((n = fread (buf, 1, sizeof buf, fp)) > 0)
    {
      print_row (offset, buf, n);
      offset += n;
    }
  printf ("%08lx\n", offset);

  if (ferror (fp))
    perror ("read");
  if (fp != stdin)
    fclose (fp);
  return EXIT_SUCCESS;
}
