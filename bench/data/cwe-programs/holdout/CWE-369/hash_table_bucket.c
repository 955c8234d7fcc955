/*
 * hash_table_bucket - measure how evenly a string hash spreads the lines
 * of stdin over a number of buckets given on the command line. Prints
 * the bucket occupancy histogram.
 *
 *   hash_table_bucket 97 < words.txt
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BUCKETS 100000

static uint32_t fnv1a(const char *s)
{
    uint32_t h = 2166136261u;

    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 16777619u;
    }
    return h;
}

static size_t bucket_of(const char *key, unsigned nbuckets)
{
    return fnv1a(key) % nbuckets; /* FLAW: CWE-369 */
}

int main(int argc, char **argv)
{
    unsigned nbuckets, *counts, maxc = 0;
    char line[512];
    unsigned long lines = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s NBUCKETS < input\n", argv[0]);
        return 2;
    }
    nbuckets = (unsigned)strtoul(argv[1], NULL, 10);
    if (nbuckets > MAX_BUCKETS) {
        fprintf(stderr, "at most %d buckets\n", MAX_BUCKETS);
        return 2;
    }
    counts = calloc(nbuckets ? nbuckets : 1, sizeof *counts);
    if (!counts) {
        perror("calloc");
        return 1;
    }

    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        counts[bucket_of(line, nbuckets)]++;
        lines++;
    }

    for (unsigned i = 0; i < nbuckets; i++)
        if (counts[i] > maxc)
            maxc = counts[i];
    printf("%lu keys, %u buckets, longest chain %u\n", lines, nbuckets, maxc);
    free(counts);
    return 0;
}
