/*
 * encryption_key_gen.c - creates the disk-encryption key file used by
 * the appliance's data partition.
 *
 * usage: encryption_key_gen OUTPUT [BITS]   (BITS: 128, 192 or 256)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#define MAX_KEY_BYTES 32

struct keyspec {
    int bits;
    unsigned char bytes[MAX_KEY_BYTES];
};

static int fill_key(struct keyspec *ks)
{
    int n = ks->bits / 8;

    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    for (int i = 0; i < n; i++)
        ks->bytes[i] = (unsigned char)(rand() >> 7); /* FLAW: CWE-338 */
    return n;
}

static int write_key(const char *path, const unsigned char *key, int n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0400);
    if (fd < 0)
        return -1;
    if (write(fd, key, (size_t)n) != n) {
        close(fd);
        unlink(path);
        return -1;
    }
    return close(fd);
}

int main(int argc, char **argv)
{
    struct keyspec ks = { .bits = 256 };
    int n;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s OUTPUT [BITS]\n", argv[0]);
        return 2;
    }
    if (argc == 3)
        ks.bits = atoi(argv[2]);
    if (ks.bits != 128 && ks.bits != 192 && ks.bits != 256) {
        fprintf(stderr, "BITS must be 128, 192 or 256\n");
        return 2;
    }
    n = fill_key(&ks);
    if (write_key(argv[1], ks.bytes, n) != 0) {
        perror(argv[1]);
        return 1;
    }
    memset(ks.bytes, 0, sizeof ks.bytes);
    printf("wrote %d-bit key to %s\n", ks.bits, argv[1]);
    return 0;
}
