/* bmpview -- show an 8-bit palettized BMP image as ASCII art.

   Only uncompressed images with a BITMAPINFOHEADER are supported.
   Wide images are sampled down to at most PREVIEW_COLS columns.

   usage: bmpview FILE.bmp  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREVIEW_COLS 72
#define MAX_DIM 8192
#define FILE_HDR_LEN 14
#define INFO_HDR_LEN 40

struct bmp_info
{
  uint32_t pixel_offset;
  uint32_t dib_size;
  int32_t width;
  int32_t height;
  uint16_t bpp;
  uint32_t compression;
  uint32_t colors_used;
};

static uint32_t
rd32 (const unsigned char *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
         | (uint32_t) p[3] << 24;
}

static uint16_t
rd16 (const unsigned char *p)
{
  return (uint16_t) (p[0] | p[1] << 8);
}

static int
read_headers (FILE *fp, struct bmp_info *bi)
{
  unsigned char h[FILE_HDR_LEN + INFO_HDR_LEN];

  if (fread (h, 1, sizeof h, fp) != sizeof h || h[0] != 'B' || h[1] != 'M')
    return -1;
  bi->pixel_offset = rd32 (h + 10);
  bi->dib_size = rd32 (h + 14);
  bi->width = (int32_t) rd32 (h + 18);
  bi->height = (int32_t) rd32 (h + 22);
  bi->bpp = rd16 (h + 28);
  bi->compression = rd32 (h + 30);
  bi->colors_used = rd32 (h + 46);
  return 0;
}

int
main (int argc, char **argv)
{
  static const char ramp[] = " .:-=+*#%@";
  struct bmp_info bi;
  unsigned char *palette = NULL, *row = NULL;
  uint32_t ncolors, stride;
  long rows, cols, step, r, x;
  FILE *fp;
  int rc = 1;

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s FILE.bmp\n", argv[0]);
      return 2;
    }
  fp = fopen (argv[1], "rb");
  if (fp == NULL)
    {
      perror (argv[1]);
      return 1;
    }

  if (read_headers (fp, &bi) < 0 || bi.dib_size < INFO_HDR_LEN
      || bi.bpp != 8 || bi.compression != 0)
    {
      fprintf (stderr, "%s: not an uncompressed 8-bit BMP\n", argv[1]);
      goto done;
    }
  if (bi.width <= 0 || bi.width > MAX_DIM || bi.height == 0
      || bi.height < -MAX_DIM || bi.height > MAX_DIM)
    {
      fprintf (stderr, "%s: unsupported dimensions\n", argv[1]);
      goto done;
    }

  /* the palette follows the info header; 0 means a full 256 entries */
  ncolors = bi.colors_used == 0 ? 256 : bi.colors_used;
  if (ncolors > 256)
    {
      fprintf (stderr, "%s: palette size out of range\n", argv[1]);
      goto done;
    }
  palette = malloc ((size_t) ncolors * 4);
  stride = ((uint32_t) bi.width + 3) & ~3u;
  row = malloc (stride);
  if (palette == NULL || row == NULL)
    goto done;
  if (fseek (fp, (long) FILE_HDR_LEN + (long) bi.dib_size, SEEK_SET) != 0
      || fread (palette, 4, ncolors, fp) != ncolors)
    {
      fprintf (stderr, "%s: truncated palette\n", argv[1]);
      goto done;
    }

  rows = bi.height < 0 ? -(long) bi.height : bi.height;
  cols = bi.width;
  step = (cols + PREVIEW_COLS - 1) / PREVIEW_COLS;

  /* sample every step-th column and every 2*step-th row (characters are
     about twice as high as wide) */
  for (r = 0; r < rows; r += 2 * step)
    {
      /* positive height means the bottom row is stored first */
      long stored = bi.height > 0 ? rows - 1 - r : r;

      if (fseek (fp, (long) bi.pixel_offset + stored * (long) stride,
                 SEEK_SET) != 0
          || fread (row, 1, stride, fp) != stride)
        {
          fprintf (stderr, "%s: truncated pixel data\n", argv[1]);
          goto done;
        }
      for (x = 0; x < cols; x += step)
        {
          if (row[x] >= ncolors)
            {
              fprintf (stderr, "%s: pixel value %u outside the palette\n",
                       argv[1], row[x]);
              goto done;
            }
          const unsigned char *c = palette + (size_t) row[x] * 4;
          /* palette entries are stored as blue, green, red, reserved */
          unsigned lum = (114u * c[0] + 587u * c[1] + 299u * c[2]) / 1000u;
          putchar (ramp[lum * (sizeof ramp - 2) / 255]);
        }
      putchar ('\n');
    }
  rc = 0;

done:
  free (palette);
  free (row);
  fclose (fp);
  return rc;
}
