/*
 * led_sweep.c - generates a "knight rider" sweep animation for an
 * addressable LED strip and writes the raw GRB frames to the strip's
 * SPI bridge device (or any file).
 *
 * usage: led_sweep OUTPUT NUM_LEDS [FRAMES]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEDS 1024
#define TAIL 4

typedef struct { unsigned char g, r, b; } pixel;

static void render_frame(pixel *strip, int num_leds, int head)
{
    unsigned char i;

    memset(strip, 0, (size_t)num_leds * sizeof *strip);
    for (i = 0; i < num_leds; i++) { /* FLAW: CWE-835 */
        int dist = abs((int)i - head);
        if (dist <= TAIL)
            strip[i].r = (unsigned char)(255 >> dist);
    }
}

int main(int argc, char **argv)
{
    static pixel strip[MAX_LEDS];
    int num_leds, frames = 200, head = 0, dir = 1;
    FILE *out;

    if (argc < 3) {
        fprintf(stderr, "usage: %s OUTPUT NUM_LEDS [FRAMES]\n", argv[0]);
        return 2;
    }
    num_leds = atoi(argv[2]);
    if (num_leds < 2 || num_leds > MAX_LEDS) {
        fprintf(stderr, "NUM_LEDS must be 2..%d\n", MAX_LEDS);
        return 2;
    }
    if (argc > 3 && ((frames = atoi(argv[3])) < 1 || frames > 100000)) {
        fprintf(stderr, "FRAMES must be 1..100000\n");
        return 2;
    }
    if ((out = fopen(argv[1], "wb")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    for (int f = 0; f < frames; f++) {
        render_frame(strip, num_leds, head);
        if (fwrite(strip, sizeof *strip, (size_t)num_leds, out) != (size_t)num_leds) {
            perror(argv[1]);
            fclose(out);
            return 1;
        }
        if (head + dir < 0 || head + dir >= num_leds)
            dir = -dir;
        head += dir;
    }
    return fclose(out) == 0 ? 0 : 1;
}
