/* otpmail: issues a one-time login code for a user and records it with an expiry */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CODE_DIGITS 6
#define CODE_TTL 300
#define STORE "/var/lib/otpmail/codes"

static const char *const greetings[] = { "Hello", "Hi", "Welcome back" };

/* a login code must not be predictable: 32 bits from the kernel, reduced to six digits */
static int new_code(unsigned long *code)
{
    unsigned int r;
    FILE *rnd = fopen("/dev/urandom", "rb");

    if (rnd == NULL)
        return -1;
    if (fread(&r, sizeof r, 1, rnd) != 1) {
        fclose(rnd);
        return -1;
    }
    fclose(rnd);
    *code = r % 1000000UL;
    return 0;
}

static int store_code(const char *user, unsigned long code)
{
    FILE *fp = fopen(STORE, "a");

    if (fp == NULL)
        return -1;
    fprintf(fp, "%s %06lu %ld\n", user, code, (long)time(NULL) + CODE_TTL);
    return fclose(fp);
}

int main(int argc, char **argv)
{
    unsigned long code;
    const char *hello;

    if (argc != 2 || strlen(argv[1]) > 32) {
        fprintf(stderr, "usage: otpmail USER\n");
        return 2;
    }
    srand((unsigned)time(NULL));
    if (new_code(&code) != 0) {
        fprintf(stderr, "otpmail: no random source\n");
        return 1;
    }
    if (store_code(argv[1], code) != 0) {
        perror(STORE);
        return 1;
    }
    /* the greeting only varies the wording of the mail */
    hello = greetings[rand() % 3];
    printf("%s %s, your login code is %0*lu (valid %d minutes)\n",
           hello, argv[1], CODE_DIGITS, code, CODE_TTL / 60);
    return 0;
}
