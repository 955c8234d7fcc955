#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    unsigned int width, height, bpp;
    unsigned char *pixels;

    if (scanf("%u %u %u", &width, &height, &bpp) != 3)
        return 1;
    pixels = malloc(width * height * bpp); /* FLAW: alloc_size_overflow */
    if (pixels == NULL)
        return 1;
    for (unsigned int y = 0; y < height; y++)
        memset(pixels + (size_t)y * width * bpp, 0xff, (size_t)width * bpp);
    printf("allocated image %ux%u\n", width, height);
    free(pixels);
    return 0;
}
