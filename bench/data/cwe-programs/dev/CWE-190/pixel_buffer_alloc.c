/* pixel_buffer_alloc: create a blank greyscale PGM image of the size given
 * on the command line, draw a diagonal gradient into it, and write it to
 * stdout. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_DIM 16384

typedef struct {
	unsigned width, height;
	uint8_t *px;
} canvas;

static int parse_dim(const char *s, unsigned *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v == 0 || v > MAX_DIM)
		return -1;
	*out = (unsigned)v;
	return 0;
}

static int canvas_init(canvas *c, unsigned w, unsigned h)
{
	size_t npix;

	/* both dimensions are at most MAX_DIM, so the product fits in size_t */
	if ((size_t)w > SIZE_MAX / h)
		return -1;
	npix = (size_t)w * h;
	c->px = malloc(npix);
	if (!c->px)
		return -1;
	c->width = w;
	c->height = h;
	return 0;
}

int main(int argc, char **argv)
{
	canvas c;
	unsigned w, h, x, y;

	if (argc != 3 || parse_dim(argv[1], &w) || parse_dim(argv[2], &h)) {
		fprintf(stderr, "usage: %s WIDTH HEIGHT  (1..%d)\n", argv[0], MAX_DIM);
		return 1;
	}
	if (canvas_init(&c, w, h) != 0) {
		fprintf(stderr, "cannot allocate %ux%u image\n", w, h);
		return 1;
	}
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			c.px[(size_t)y * w + x] =
				(uint8_t)(((unsigned long)x + y) * 255 / (w + h - 2 ? w + h - 2 : 1));

	printf("P5\n%u %u\n255\n", c.width, c.height);
	fwrite(c.px, 1, (size_t)w * h, stdout);
	free(c.px);
	return 0;
}
