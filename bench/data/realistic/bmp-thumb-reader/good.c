/*
 * bmpthumb: reads the pixel block of an uncompressed 24-bit image file
 * (simple "RIMG" container: magic, width, height, then RGB rows) and
 * prints the average colour.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "RIMG"

struct img_header {
    char magic[4];
    uint32_t width;
    uint32_t height;
};

struct image {
    uint32_t width;
    uint32_t height;
    unsigned char *pixels;
};

static int read_header(FILE *f, struct img_header *h)
{
    if (fread(h, sizeof *h, 1, f) != 1)
        return -1;
    if (memcmp(h->magic, MAGIC, 4) != 0)
        return -1;
    if (h->width == 0 || h->height == 0)
        return -1;
    return 0;
}

static int load_image(const char *path, struct image *img)
{
    struct img_header h;
    size_t bytes;
    int rc = -1;
    FILE *f = fopen(path, "rb");

    if (f == NULL)
        return -1;
    if (read_header(f, &h) != 0)
        goto cleanup;

    if (h.width > SIZE_MAX / 3 / h.height) {
        fprintf(stderr, "%s: image too large\n", path);
        goto cleanup;
    }
    bytes = (size_t)h.width * h.height * 3;
    img->pixels = malloc(bytes);
    if (img->pixels == NULL)
        goto cleanup;
    img->width = h.width;
    img->height = h.height;
    for (uint32_t row = 0; row < h.height; row++) {
        unsigned char *dst = img->pixels + (size_t)row * h.width * 3;
        if (fread(dst, 3, h.width, f) != h.width) {
            free(img->pixels);
            img->pixels = NULL;
            goto cleanup;
        }
    }
    rc = 0;
cleanup:
    fclose(f);
    return rc;
}

int main(int argc, char **argv)
{
    struct image img;
    unsigned long long sum[3] = {0, 0, 0};
    size_t npix;

    if (argc != 2) {
        fprintf(stderr, "usage: %s image.rimg\n", argv[0]);
        return 2;
    }
    if (load_image(argv[1], &img) != 0) {
        fprintf(stderr, "%s: cannot load\n", argv[1]);
        return 1;
    }
    npix = (size_t)img.width * img.height;
    for (size_t i = 0; i < npix; i++)
        for (int c = 0; c < 3; c++)
            sum[c] += img.pixels[i * 3 + c];
    printf("avg rgb %llu %llu %llu\n", sum[0] / npix, sum[1] / npix, sum[2] / npix);
    free(img.pixels);
    return 0;
}
