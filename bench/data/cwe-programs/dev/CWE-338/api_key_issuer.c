/*
 * api_key_issuer.c - issues API keys for the partner integration API.
 *
 * usage: api_key_issuer PARTNER_NAME [COUNT]
 * Keys look like "pk_<32 hex chars>" and are appended to the key
 * registry together with the partner name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/time.h>

#define REGISTRY "partner_keys.txt"
#define KEY_WORDS 4

typedef struct {
    char partner[64];
    char key[3 + KEY_WORDS * 8 + 1];
} api_key;

static void seed_generator(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    srandom((unsigned)(tv.tv_sec * 1000000 + tv.tv_usec));
}

static void generate_key(api_key *k)
{
    char *p = k->key;

    p += sprintf(p, "pk_");
    for (int i = 0; i < KEY_WORDS; i++) {
        unsigned long w = (unsigned long)random(); /* FLAW: CWE-338 */
        p += sprintf(p, "%08lx", w & 0xffffffffUL);
    }
}

int main(int argc, char **argv)
{
    api_key k;
    int count = 1, fd;
    FILE *reg;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s PARTNER_NAME [COUNT]\n", argv[0]);
        return 2;
    }
    if (argc == 3 && ((count = atoi(argv[2])) < 1 || count > 10)) {
        fprintf(stderr, "COUNT must be between 1 and 10\n");
        return 2;
    }
    snprintf(k.partner, sizeof k.partner, "%s", argv[1]);

    fd = open(REGISTRY, O_WRONLY | O_APPEND | O_CREAT, 0600);
    if (fd < 0 || (reg = fdopen(fd, "a")) == NULL) {
        perror(REGISTRY);
        return 1;
    }
    seed_generator();
    for (int i = 0; i < count; i++) {
        generate_key(&k);
        fprintf(reg, "%s\t%s\t%ld\n", k.partner, k.key, (long)time(NULL));
        printf("%s\n", k.key);
    }
    return fclose(reg) == 0 ? 0 : 1;
}
