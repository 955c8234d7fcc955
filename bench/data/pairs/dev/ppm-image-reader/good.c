/* ppm2pgm -- convert a binary PPM (P6) image to a grayscale PGM (P5).

   Header comments are not supported; maxval must be at most 255.
   Gray levels use the ITU-R BT.601 luma weights.

   usage: ppm2pgm IN.ppm OUT.pgm  */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_DIM 16384

static int
write_pgm (const char *path, const unsigned char *gray,
           unsigned int w, unsigned int h, size_t npix)
{
  FILE *out = fopen (path, "wb");
  int rc = 0;

  if (out == NULL)
    {
      perror (path);
      return -1;
    }
  if (fprintf (out, "P5\n%u %u\n255\n", w, h) < 0
      || fwrite (gray, 1, npix, out) != npix)
    rc = -1;
  if (fclose (out) != 0)
    rc = -1;
  if (rc != 0)
    perror (path);
  return rc;
}

int
main (int argc, char **argv)
{
  unsigned int w, h, maxval, y;
  unsigned char *rgb = NULL, *gray = NULL;
  size_t npix, i;
  FILE *in;
  int c, rc = 1;

  if (argc != 3)
    {
      fprintf (stderr, "usage: %s IN.ppm OUT.pgm\n", argv[0]);
      return 2;
    }
  in = fopen (argv[1], "rb");
  if (in == NULL)
    {
      perror (argv[1]);
      return 1;
    }

  if (fscanf (in, "P6 %u %u %u", &w, &h, &maxval) != 3
      || maxval == 0 || maxval > 255)
    {
      fprintf (stderr, "%s: not a supported PPM file\n", argv[1]);
      goto out;
    }
  /* exactly one white space character separates header and pixels */
  c = fgetc (in);
  if (c == EOF || !isspace (c))
    {
      fprintf (stderr, "%s: malformed header\n", argv[1]);
      goto out;
    }
  if (w == 0 || h == 0 || w > MAX_DIM || h > MAX_DIM)
    {
      fprintf (stderr, "%s: unsupported image size %ux%u\n", argv[1], w, h);
      goto out;
    }

  npix = (size_t) w * h;
  rgb = malloc (npix * 3);
  gray = malloc (npix);
  if (rgb == NULL || gray == NULL)
    {
      fprintf (stderr, "%s: out of memory\n", argv[0]);
      goto out;
    }

  for (y = 0; y < h; y++)
    if (fread (rgb + (size_t) y * w * 3, 3, w, in) != w)
      {
        fprintf (stderr, "%s: truncated pixel data\n", argv[1]);
        goto out;
      }

  for (i = 0; i < npix; i++)
    {
      const unsigned char *p = rgb + i * 3;
      unsigned int v = (299u * p[0] + 587u * p[1] + 114u * p[2]) / 1000u;
      gray[i] = (unsigned char) (v * 255u / maxval > 255u ? 255u
                                 : v * 255u / maxval);
    }

  if (write_pgm (argv[2], gray, w, h, npix) == 0)
    rc = 0;

out:
  free (rgb);
  free (gray);
  fclose (in);
  return rc;
}
