/*
 * password_reset_token.c - creates a password reset link for a user
 * and records the token in the reset table file.
 *
 * usage: password_reset_token EMAIL
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#define TOKEN_LEN 24
#define RESET_DB "/var/lib/accounts/resets"
#define RESET_URL "https://accounts.example.com/reset?token="
#define TTL_SECONDS (30 * 60)

static const char ALPHABET[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

static void make_token(char *tok, size_t len)
{
    size_t alen = sizeof ALPHABET - 1;
    for (size_t i = 0; i < len; i++)
        tok[i] = ALPHABET[rand() % alen]; /* FLAW: CWE-338 */
    tok[len] = '\0';
}

static int record(const char *email, const char *tok, time_t expires)
{
    int fd = open(RESET_DB, O_WRONLY | O_APPEND | O_CREAT, 0600);
    FILE *db;

    if (fd < 0)
        return -1;
    if ((db = fdopen(fd, "a")) == NULL) {
        close(fd);
        return -1;
    }
    fprintf(db, "%s %s %ld\n", tok, email, (long)expires);
    return fclose(db);
}

int main(int argc, char **argv)
{
    char token[TOKEN_LEN + 1];
    time_t now = time(NULL);

    if (argc != 2 || strchr(argv[1], '@') == NULL || strpbrk(argv[1], " \t\n")) {
        fprintf(stderr, "usage: %s EMAIL\n", argv[0]);
        return 2;
    }

    srand((unsigned)(now ^ getpid()));
    make_token(token, TOKEN_LEN);

    if (record(argv[1], token, now + TTL_SECONDS) != 0) {
        perror(RESET_DB);
        return 1;
    }
    printf("Reset link for %s (valid 30 minutes):\n%s%s\n", argv[1], RESET_URL, token);
    return 0;
}
