/*
 * resetlink - create a password reset link for an account.  The token is
 * stored with the address and an expiry time so that the web application
 * can check it when the link is opened.
 *
 * usage: resetlink EMAIL
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define TOKEN_LEN   32
#define TOKEN_TTL   (30 * 60)
#define EMAIL_MAX   254
#define TOKEN_DB    "/var/lib/accounts/reset-tokens"
#define RESET_URL   "https://accounts.example.org/reset?token="

/* the 64 characters of the base64url alphabet: 6 bits per character */
static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* Fill out[0..len) from the kernel's random pool and terminate it. */
static int make_token(char *out, size_t len)
{
    unsigned char raw[TOKEN_LEN];
    FILE *fp;
    size_t i;

    if (len > sizeof raw)
        return -1;
    fp = fopen("/dev/urandom", "rb");
    if (fp == NULL)
        return -1;
    if (fread(raw, 1, len, fp) != len) {
        fclose(fp);
        return -1;
    }
    fclose(fp);
    for (i = 0; i < len; i++)
        out[i] = alphabet[raw[i] & 63];
    out[len] = '\0';
    return 0;
}

/* Deliberately strict: one '@', no blanks or characters special to the
 * token database format. */
static int plausible_email(const char *s)
{
    const char *at = strchr(s, '@');
    size_t len = strlen(s);

    if (len == 0 || len > EMAIL_MAX || at == NULL || at == s ||
        at[1] == '\0' || strchr(at + 1, '@') != NULL)
        return 0;
    return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                     "0123456789.@+-_") == len;
}

int main(int argc, char **argv)
{
    char token[TOKEN_LEN + 1];
    char rec[EMAIL_MAX + TOKEN_LEN + 32];
    int fd, n;

    if (argc != 2) {
        fprintf(stderr, "usage: %s EMAIL\n", argv[0]);
        return 2;
    }
    if (!plausible_email(argv[1])) {
        fprintf(stderr, "%s: not a valid address\n", argv[1]);
        return 2;
    }

    if (make_token(token, TOKEN_LEN) < 0) {
        fprintf(stderr, "cannot create token\n");
        return 1;
    }

    n = snprintf(rec, sizeof rec, "%s %s %lld\n", argv[1], token,
                 (long long)time(NULL) + TOKEN_TTL);
    if (n < 0 || (size_t)n >= sizeof rec)
        return 1;
    fd = open(TOKEN_DB, O_WRONLY | O_APPEND | O_CREAT, 0600);
    if (fd < 0) {
        perror(TOKEN_DB);
        return 1;
    }
    if (write(fd, rec, (size_t)n) != n) {
        perror(TOKEN_DB);
        close(fd);
        return 1;
    }
    if (close(fd) != 0) {
        perror(TOKEN_DB);
        return 1;
    }

    printf("%s%s\n", RESET_URL, token);
    return 0;
}
