/* audio_sample_trim: read raw signed 16-bit mono samples from a file,
 * drop a number of samples at the start and at the end, and print the
 * peak and RMS level of what remains.
 *
 *   audio_sample_trim voice.raw 800 1200
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct pcm {
	int16_t *s;
	size_t n;
};

static int pcm_load(const char *path, struct pcm *p)
{
	FILE *fp = fopen(path, "rb");
	long bytes;

	if (!fp)
		return -1;
	if (fseek(fp, 0, SEEK_END) || (bytes = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET)) {
		fclose(fp);
		return -1;
	}
	p->n = (size_t)bytes / sizeof(int16_t);
	p->s = malloc(p->n ? p->n * sizeof(int16_t) : 1);
	if (!p->s || fread(p->s, sizeof(int16_t), p->n, fp) != p->n) {
		free(p->s);
		fclose(fp);
		return -1;
	}
	fclose(fp);
	return 0;
}

int main(int argc, char **argv)
{
	struct pcm p;
	size_t head, tail, kept, i;
	double sumsq = 0.0;
	int peak = 0;

	if (argc != 4) {
		fprintf(stderr, "usage: %s FILE HEAD TAIL\n", argv[0]);
		return 2;
	}
	if (pcm_load(argv[1], &p) != 0) {
		perror(argv[1]);
		return 1;
	}
	head = strtoul(argv[2], NULL, 10);
	tail = strtoul(argv[3], NULL, 10);
	if (head > p.n || tail > p.n) {
		fprintf(stderr, "trim exceeds %zu samples\n", p.n);
		free(p.s);
		return 1;
	}

	kept = p.n - head - tail; /* FLAW: CWE-191 */
	for (i = 0; i < kept; i++) {
		int v = p.s[head + i];

		if (abs(v) > peak)
			peak = abs(v);
		sumsq += (double)v * v;
	}
	printf("%zu samples kept, peak %d, rms %.1f\n", kept, peak,
	       kept ? sqrt(sumsq / (double)kept) : 0.0);
	free(p.s);
	return 0;
}
