/*
 * sensor_frame_decode - decode binary-point scaled readings from binary sensor
 * frames on stdin. Each 8 byte frame:
 *   u8 sensor id, u8 fractional bits, u16 reserved, i32 raw value (LE)
 * The physical value is raw / 2^frac_bits.
 */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#define FRAME_LEN 8

struct reading {
    unsigned sensor;
    unsigned frac_bits;
    int32_t raw;
};

static void decode(const uint8_t *f, struct reading *r)
{
    r->sensor = f[0];
    r->frac_bits = f[1];
    r->raw = (int32_t)((uint32_t)f[4] | (uint32_t)f[5] << 8 |
                       (uint32_t)f[6] << 16 | (uint32_t)f[7] << 24);
}

static void print_reading(const struct reading *r)
{
    uint32_t scale = UINT32_C(1) << r->frac_bits; /* FLAW: CWE-1335 */
    int64_t whole = r->raw / (int64_t)scale;
    int64_t frac = r->raw % (int64_t)scale;

    printf("sensor %3u: %lld + %lld/%u\n", r->sensor, (long long)whole,
           (long long)frac, (unsigned)scale);
}

int main(void)
{
    uint8_t frame[FRAME_LEN];
    size_t have = 0;
    ssize_t n;
    unsigned long frames = 0;

    while ((n = read(STDIN_FILENO, frame + have, FRAME_LEN - have)) > 0) {
        struct reading r;

        have += (size_t)n;
        if (have < FRAME_LEN)
            continue;
        decode(frame, &r);
        print_reading(&r);
        have = 0;
        frames++;
    }
    if (have)
        fprintf(stderr, "ignoring %zu trailing bytes\n", have);
    fprintf(stderr, "%lu frames\n", frames);
    return 0;
}
