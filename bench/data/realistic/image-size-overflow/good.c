/* reads a raw RGBA image: 8-byte header (width, height as 32-bit little endian) then pixels */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

struct image {
    uint32_t width, height;
    uint8_t *pixels;
};

#define MAX_SIDE 16384u

static int read_u32(FILE *f, uint32_t *v)
{
    uint8_t b[4];
    if (fread(b, 1, 4, f) != 4)
        return -1;
    *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return 0;
}

int image_load(FILE *f, struct image *img)
{
    uint32_t w, h;
    size_t size;

    if (read_u32(f, &w) != 0 || read_u32(f, &h) != 0)
        return -1;
    if (w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE)
        return -1;
    size = (size_t)w * h * 4;
    img->pixels = malloc(size);
    if (img->pixels == NULL)
        return -1;
    if (fread(img->pixels, 1, size, f) != size) {
        free(img->pixels);
        img->pixels = NULL;
        return -1;
    }
    img->width = w;
    img->height = h;
    return 0;
}
