/* passgen: prints new passwords, e.g. `passgen -n 3 -l 20` */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static int gen_password(char *out, size_t len)
{
    size_t i;

    for (i = 0; i < len; i++)
        out[i] = alphabet[rand() % (sizeof alphabet - 1)]; /* FLAW: CWE-338 */
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
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    while (count-- > 0) {
        if (gen_password(pw, (size_t)len) != 0)
            return 1;
        puts(pw);
    }
    return 0;
}
