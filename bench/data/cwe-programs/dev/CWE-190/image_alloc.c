/*
 * image_alloc - load a raw RGBA image ("RIMG" magic, u32 width, u32 height,
 * little endian, then width*height*4 pixel bytes) and print the average
 * colour.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIDE 65535

struct raw_image {
	uint32_t width;
	uint32_t height;
	uint8_t *rgba;
};

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 |
	       (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int read_image(FILE *fp, struct raw_image *img)
{
	uint8_t hdr[12];
	uint32_t row_bytes, total, y;

	if (fread(hdr, 1, sizeof(hdr), fp) != sizeof(hdr) || memcmp(hdr, "RIMG", 4))
		return -1;
	img->width = le32(hdr + 4);
	img->height = le32(hdr + 8);
	if (img->width == 0 || img->height == 0 ||
	    img->width > MAX_SIDE || img->height > MAX_SIDE)
		return -1;

	row_bytes = img->width * 4;
	total = img->width * img->height * 4; /* FLAW: CWE-190 */
	img->rgba = malloc(total);
	if (!img->rgba)
		return -1;

	for (y = 0; y < img->height; y++) {
		if (fread(img->rgba + (size_t)y * row_bytes, 1, row_bytes, fp) != row_bytes) {
			free(img->rgba);
			return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct raw_image img;
	unsigned long long sum[4] = { 0, 0, 0, 0 };
	size_t i, npix;
	FILE *fp;

	if (argc != 2) {
		fprintf(stderr, "usage: %s image.raw\n", argv[0]);
		return 1;
	}
	if (!(fp = fopen(argv[1], "rb"))) {
		perror(argv[1]);
		return 1;
	}
	if (read_image(fp, &img) != 0) {
		fprintf(stderr, "%s: invalid or truncated image\n", argv[1]);
		fclose(fp);
		return 1;
	}
	fclose(fp);

	npix = (size_t)img.width * img.height;
	for (i = 0; i < npix; i++)
		for (int c = 0; c < 4; c++)
			sum[c] += img.rgba[i * 4 + c];
	printf("%ux%u  avg rgba = %llu %llu %llu %llu\n", img.width, img.height,
	       sum[0] / npix, sum[1] / npix, sum[2] / npix, sum[3] / npix);
	free(img.rgba);
	return 0;
}
