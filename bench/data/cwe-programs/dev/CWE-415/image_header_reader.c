/*
 * image_header_reader - load a binary PGM ("P5") image and print its
 * size and average brightness.
 */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int width, height, maxval;
  unsigned char *pixels;
} image_t;

static void
image_release (image_t *img)
{
  free (img->pixels); /* FLAW: CWE-415 */
  img->width = img->height = 0;
}

static int
image_load (FILE *fp, image_t *img)
{
  size_t npix;

  img->pixels = NULL;
  if (fscanf (fp, "P5 %d %d %d", &img->width, &img->height, &img->maxval) != 3)
    return -1;
  if (img->width <= 0 || img->height <= 0 || img->width > 8192
      || img->height > 8192 || img->maxval <= 0 || img->maxval > 255)
    return -1;
  fgetc (fp);                   /* single whitespace after the header */

  npix = (size_t) img->width * (size_t) img->height;
  img->pixels = malloc (npix);
  if (img->pixels == NULL)
    return -1;
  if (fread (img->pixels, 1, npix, fp) != npix)
    {
      fprintf (stderr, "short pixel data\n");
      free (img->pixels);
      return -1;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  image_t img;
  FILE *fp;
  unsigned long long total = 0;
  size_t i, npix;
  int rc;

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s image.pgm\n", argv[0]);
      return 1;
    }
  fp = fopen (argv[1], "rb");
  if (fp == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  rc = image_load (fp, &img);
  fclose (fp);
  if (rc != 0)
    {
      fprintf (stderr, "%s: cannot load image\n", argv[1]);
      image_release (&img);
      return 1;
    }

  npix = (size_t) img.width * (size_t) img.height;
  for (i = 0; i < npix; i++)
    total += img.pixels[i];
  printf ("%dx%d, maxval %d, mean %.2f\n", img.width, img.height,
          img.maxval, (double) total / (double) npix);
  image_release (&img);
  return 0;
}
