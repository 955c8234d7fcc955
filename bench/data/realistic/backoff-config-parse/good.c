/*
 * retry - run a probe with exponential back-off; limits come from
 * RETRY_MAX and RETRY_BASE_MS in the environment.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int env_long(const char *name, long lo, long hi, long *out)
{
    const char *s = getenv(name);
    char *end;
    long v;

    if (s == NULL)
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int probe(int attempt)
{
    return attempt >= 3 ? 0 : -1;
}

static void sleep_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

int main(void)
{
    long max_tries, base_ms;

    if (env_long("RETRY_MAX", 1, 20, &max_tries) != 0)
        max_tries = 5;
    if (env_long("RETRY_BASE_MS", 1, 10000, &base_ms) != 0)
        base_ms = 100;

    for (long i = 0; i < max_tries; i++) {
        long wait = base_ms << (i < 10 ? i : 10);
        if (probe((int)i) == 0) {
            printf("ok after %ld tries\n", i + 1);
            return 0;
        }
        fprintf(stderr, "attempt %ld failed, waiting %ld ms\n", i + 1, wait);
        sleep_ms(wait);
    }
    fprintf(stderr, "giving up\n");
    return 1;
}
