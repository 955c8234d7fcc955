/*
 * record_reader.c - summarises a sensor recording file.
 *
 * File layout: a constant-size header followed by `count` samples of
 * struct sample, all little-endian.
 */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC 0x53454E53u   /* "SENS" */
#define MAX_SAMPLES 100000u

struct rec_header {
    uint32_t magic;
    uint32_t count;
    uint32_t rate_hz;
    char     station[20];
};

struct sample {
    int32_t temp_milli;
    int32_t humidity_milli;
};

static void summarise(const struct sample *s, uint32_t n, uint32_t rate)
{
    long long tsum = 0, hsum = 0;
    int32_t tmin = INT32_MAX, tmax = INT32_MIN;

    for (uint32_t i = 0; i < n; i++) {
        tsum += s[i].temp_milli;
        hsum += s[i].humidity_milli;
        if (s[i].temp_milli < tmin) tmin = s[i].temp_milli;
        if (s[i].temp_milli > tmax) tmax = s[i].temp_milli;
    }
    printf("samples:   %u (%.1f min)\n", n, rate ? n / (rate * 60.0) : 0.0);
    if (n) {
        printf("temp:      avg %.2f, min %.2f, max %.2f C\n",
               tsum / (1000.0 * n), tmin / 1000.0, tmax / 1000.0);
        printf("humidity:  avg %.1f %%\n", hsum / (1000.0 * n));
    }
}

int main(int argc, char **argv)
{
    struct rec_header hdr;
    struct sample *samples;
    size_t got;
    FILE *f;

    if (argc != 2) {
        fprintf(stderr, "usage: %s RECORDING\n", argv[0]);
        return 2;
    }
    if ((f = fopen(argv[1], "rb")) == NULL) {
        perror(argv[1]);
        return 1;
    }

    fread(&hdr, sizeof hdr, 1, f); /* FLAW: CWE-252 */
    if (hdr.magic != MAGIC || hdr.count > MAX_SAMPLES) {
        fprintf(stderr, "%s: not a sensor recording\n", argv[1]);
        fclose(f);
        return 1;
    }
    hdr.station[sizeof hdr.station - 1] = '\0';

    samples = calloc(hdr.count ? hdr.count : 1, sizeof *samples);
    if (samples == NULL) {
        fclose(f);
        return 1;
    }
    got = fread(samples, sizeof *samples, hdr.count, f);
    fclose(f);

    printf("station:   %s\n", hdr.station);
    summarise(samples, (uint32_t)got, hdr.rate_hz);
    free(samples);
    return 0;
}
