/*
 * event_log_summary - read a log of constant-size binary event records
 * (u32 count header, then 16-byte records) and print a summary. The
 * count in the header is checked against a hard limit and against the
 * real file size before anything is allocated.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#define MAX_EVENTS 1000000u

struct event_rec {
    uint32_t timestamp;
    uint16_t kind;
    uint16_t flags;
    uint64_t value;
};

static int read_u32le(FILE *fp, uint32_t *out)
{
    unsigned char b[4];

    if (fread(b, 1, 4, fp) != 4)
        return -1;
    *out = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return 0;
}

int main(int argc, char **argv)
{
    struct event_rec *ev;
    struct stat st;
    uint32_t count, i;
    uint64_t sum = 0;
    FILE *fp;

    if (argc != 2 || !(fp = fopen(argv[1], "rb"))) {
        fprintf(stderr, "usage: %s EVENTLOG\n", argv[0]);
        return 2;
    }
    if (fstat(fileno(fp), &st) != 0 || read_u32le(fp, &count) != 0) {
        fprintf(stderr, "cannot read header\n");
        fclose(fp);
        return 1;
    }
    if (count > MAX_EVENTS ||
        (uint64_t)count * sizeof(struct event_rec) > (uint64_t)st.st_size - 4) {
        fprintf(stderr, "header claims %u events, file cannot hold them\n", count);
        fclose(fp);
        return 1;
    }

    ev = calloc(count ? count : 1, sizeof *ev);
    if (!ev) {
        fclose(fp);
        return 1;
    }
    if (fread(ev, sizeof *ev, count, fp) != count) {
        fprintf(stderr, "short read\n");
        free(ev);
        fclose(fp);
        return 1;
    }
    fclose(fp);

    for (i = 0; i < count; i++)
        sum += ev[i].value;
    printf("%u events", count);
    if (count)
        printf(", first at %u, last at %u, value sum %llu", ev[0].timestamp,
               ev[count - 1].timestamp, (unsigned long long)sum);
    putchar('\n');
    free(ev);
    return 0;
}
