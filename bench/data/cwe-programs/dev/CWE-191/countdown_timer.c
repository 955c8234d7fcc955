/* countdown_timer: print a countdown from a duration like "1h20m5s",
 * subtracting a step (default 1s) per tick without sleeping. Useful to
 * check the formatting of durations. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_SECONDS (7 * 24 * 3600UL)

static long parse_duration(const char *s)
{
    unsigned long total = 0;

    while (*s) {
        char *end;
        unsigned long v = strtoul(s, &end, 10);

        if (end == s || v > MAX_SECONDS)
            return -1;
        switch (*end) {
        case 'h': v *= 3600; break;
        case 'm': v *= 60; break;
        case 's': break;
        default: return -1;
        }
        total += v;
        if (total > MAX_SECONDS)
            return -1;
        s = end + 1;
    }
    return (long)total;
}

static void print_hms(unsigned long secs)
{
    printf("%02lu:%02lu:%02lu\n", secs / 3600, secs / 60 % 60, secs % 60);
}

int main(int argc, char **argv)
{
    long d, step = 1;
    unsigned long remaining;

    if (argc < 2 || argc > 3 || (d = parse_duration(argv[1])) < 0) {
        fprintf(stderr, "usage: %s DURATION [STEP]\n", argv[0]);
        return 1;
    }
    if (argc == 3 && (step = parse_duration(argv[2])) <= 0) {
        fprintf(stderr, "step must be positive\n");
        return 1;
    }
    remaining = (unsigned long)d;
    for (;;) {
        print_hms(remaining);
        if (remaining < (unsigned long)step)
            break;
        remaining -= (unsigned long)step;
    }
    if (remaining > 0)
        print_hms(0);
    return 0;
}
