/* passgen: prints new passwords, e.g. `passgen -n 3 -l 20` */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#define MAX_LEN 128

static const char alphabet[] =
    "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%+-=";

static void usage(void)
{
    fprintf(stderr, "usage: passgen [-n COUNT] [-l LENGTH]\n");
    exit(2);
}

/*
 * Bytes from the kernel CSPRNG; values past the largest multiple of the
 * alphabet size are dropped so that every character is equally likely.
 */
static int gen_password(char *out, size_t len)
{
    const unsigned limit = 256 - 256 % (sizeof alphabet - 1);
    unsigned char b;
    size_t i = 0;

    while (i < len) {
        if (getrandom(&b, 1, 0) != 1)
            return -1;
        if (b >= limit)
            continue;
        out[i++] = alphabet[b % (sizeof alphabet - 1)];
    }
    out[len] = '\0';
    return 0;
}

int main(int argc, char **argv)
{
    char pw[MAX_LEN + 1];
    long count = 1, len = 16;
    int opt;

    while ((opt = getopt(argc, argv, "n:l:")) != -1) {
        switch (opt) {
        case 'n':
            count = strtol(optarg, NULL, 10);
            break;
        case 'l':
            len = strtol(optarg, NULL, 10);
            break;
        default:
            usage();
        }
    }
    if (count < 1 || count > 100 || len < 8 || len > MAX_LEN)
        usage();
    while (count-- > 0) {
        if (gen_password(pw, (size_t)len) != 0)
            return 1;
        puts(pw);
    }
    return 0;
}
