/*
 * otp_generator.c - issues one-time login codes for the SMS gateway.
 *
 * usage: otp_generator PHONE
 * Prints a 6-digit code and stores it, with an expiry, in the pending
 * codes file read by the login service.
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/random.h>

#define CODES_FILE "/var/lib/otp/pending"
#define CODE_SPACE 1000000u
#define VALID_FOR  300

/* Uniform value in [0, bound) from the kernel CSPRNG. */
static int secure_uniform(uint32_t bound, uint32_t *out)
{
    uint32_t limit = UINT32_MAX - (UINT32_MAX % bound), v;

    for (;;) {
        ssize_t n = getrandom(&v, sizeof v, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n != (ssize_t)sizeof v)
            return -1;
        if (v < limit)
            break;
    }
    *out = v % bound;
    return 0;
}

static int store_code(const char *phone, uint32_t code)
{
    char line[128];
    int len = snprintf(line, sizeof line, "%s %06u %ld\n", phone, code,
                       (long)time(NULL) + VALID_FOR);
    int fd = open(CODES_FILE, O_WRONLY | O_APPEND | O_CREAT, 0600);

    if (fd < 0)
        return -1;
    if (len < 0 || (size_t)len >= sizeof line || write(fd, line, (size_t)len) != len) {
        close(fd);
        return -1;
    }
    return close(fd);
}

int main(int argc, char **argv)
{
    uint32_t code;

    if (argc != 2 || strlen(argv[1]) > 20 || strspn(argv[1], "+0123456789") != strlen(argv[1])) {
        fprintf(stderr, "usage: %s PHONE\n", argv[0]);
        return 2;
    }
    if (secure_uniform(CODE_SPACE, &code) != 0) {
        perror("getrandom");
        return 1;
    }
    if (store_code(argv[1], code) != 0) {
        perror(CODES_FILE);
        return 1;
    }
    printf("%06u\n", code);
    return 0;
}
