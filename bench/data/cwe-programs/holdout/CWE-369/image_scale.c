/* image_scale: downscale a binary PGM (P5) image by an integer factor
 * stored in a small sidecar text file ("scale=N"), averaging each NxN
 * block, and write the result as PGM to stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gray {
	int w, h;
	unsigned char *px;
};

static int read_scale(const char *path)
{
	FILE *fp = fopen(path, "r");
	int scale = 1;
	char line[64];

	if (!fp)
		return 1;
	while (fgets(line, sizeof(line), fp))
		if (sscanf(line, "scale=%d", &scale) == 1)
			break;
	fclose(fp);
	return scale < 0 ? 1 : scale;
}

static int read_pgm(FILE *fp, struct gray *g)
{
	int maxv;

	if (fscanf(fp, "P5 %d %d %d", &g->w, &g->h, &maxv) != 3 ||
	    g->w < 1 || g->h < 1 || g->w > 10000 || g->h > 10000 || maxv != 255)
		return -1;
	fgetc(fp);
	g->px = malloc((size_t)g->w * g->h);
	if (!g->px)
		return -1;
	if (fread(g->px, 1, (size_t)g->w * g->h, fp) != (size_t)g->w * g->h) {
		free(g->px);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct gray g;
	int f, ow, oh, x, y, i, j;
	FILE *fp;

	if (argc != 3) {
		fprintf(stderr, "usage: %s IMAGE.pgm SCALEFILE\n", argv[0]);
		return 1;
	}
	if (!(fp = fopen(argv[1], "rb"))) {
		perror(argv[1]);
		return 1;
	}
	if (read_pgm(fp, &g) != 0) {
		fprintf(stderr, "not a usable PGM file\n");
		fclose(fp);
		return 1;
	}
	fclose(fp);

	f = read_scale(argv[2]);
	ow = g.w / f; /* FLAW: CWE-369 */
	oh = g.h / f;
	if (ow == 0 || oh == 0) {
		fprintf(stderr, "scale factor %d too large\n", f);
		free(g.px);
		return 1;
	}

	printf("P5\n%d %d\n255\n", ow, oh);
	for (y = 0; y < oh; y++)
		for (x = 0; x < ow; x++) {
			unsigned long long sum = 0;
			for (j = 0; j < f; j++)
				for (i = 0; i < f; i++)
					sum += g.px[(size_t)(y * f + j) * g.w + (x * f + i)];
			putchar((int)(sum / ((unsigned long long)f * f)));
		}
	free(g.px);
	return 0;
}
