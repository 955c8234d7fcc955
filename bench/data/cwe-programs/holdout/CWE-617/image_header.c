/*
 * image_header.c - prints information about Windows bitmap files.
 *
 * usage: image_header FILE.bmp...
 */
#include <stdio.h>
#include <stdint.h>
#include <assert.h>

#pragma pack(push, 1)
typedef struct {
    uint16_t magic;        /* "BM" */
    uint32_t file_size;
    uint32_t reserved;
    uint32_t data_offset;
    uint32_t header_size;
    int32_t  width;
    int32_t  height;
    uint16_t planes;
    uint16_t bpp;
} bmp_header;
#pragma pack(pop)

static uint32_t row_stride(int32_t width, uint16_t bpp)
{
    uint32_t bits = (uint32_t)(width < 0 ? -(int64_t)width : width) * bpp;
    return ((bits + 31) / 32) * 4;
}

static int describe(const char *path)
{
    bmp_header h;
    FILE *f = fopen(path, "rb");

    if (f == NULL) {
        perror(path);
        return -1;
    }
    if (fread(&h, sizeof h, 1, f) != 1 || h.magic != 0x4D42) {
        fprintf(stderr, "%s: not a BMP file\n", path);
        fclose(f);
        return -1;
    }
    fclose(f);

    /* Only true-colour images are handled by the conversion pipeline. */
    assert(h.bpp == 24 || h.bpp == 32); /* FLAW: CWE-617 */

    printf("%s: %d x %lld, %u bpp, %s, stride %u bytes, pixel data at %u\n",
           path, h.width, h.height < 0 ? -(long long)h.height : (long long)h.height, (unsigned)h.bpp,
           h.height < 0 ? "top-down" : "bottom-up", row_stride(h.width, h.bpp),
           h.data_offset);
    return 0;
}

int main(int argc, char **argv)
{
    int failures = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE.bmp...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++)
        if (describe(argv[i]) != 0)
            failures++;
    return failures ? 1 : 0;
}
