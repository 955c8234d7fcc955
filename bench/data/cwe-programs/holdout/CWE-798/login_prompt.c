/*
 * login_prompt.c - password check for the lab's shared terminals.
 *
 * Accounts are kept in /etc/labterm/passwd as "user:crypt-hash" lines
 * (yescrypt or SHA-512 crypt hashes made by mkpasswd).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <crypt.h>
#include <unistd.h>
#include <openssl/crypto.h>

#define ACCOUNTS "/etc/labterm/passwd"

static int lookup_hash(const char *user, char *hash, size_t cap)
{
    char line[512];
    size_t ulen = strlen(user);
    FILE *f = fopen(ACCOUNTS, "r");
    int found = -1;

    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, user, ulen) == 0 && line[ulen] == ':') {
            line[strcspn(line, "\n")] = '\0';
            if (strlen(line + ulen + 1) < cap) {
                strcpy(hash, line + ulen + 1);
                found = 0;
            }
            break;
        }
    }
    fclose(f);
    return found;
}

static int verify(const char *pass, const char *hash)
{
    struct crypt_data cd;
    const char *out;

    memset(&cd, 0, sizeof cd);
    out = crypt_r(pass, hash, &cd);
    return out != NULL && out[0] != '*' && strlen(out) == strlen(hash) &&
           CRYPTO_memcmp(out, hash, strlen(hash)) == 0;
}

int main(void)
{
    char user[64], hash[256];
    char *pass;

    printf("user: ");
    fflush(stdout);
    if (!fgets(user, sizeof user, stdin))
        return 1;
    user[strcspn(user, "\n")] = '\0';

    pass = getpass("password: ");
    if (pass == NULL)
        return 1;
    if (user[0] == '\0' || strchr(user, ':') || lookup_hash(user, hash, sizeof hash) != 0 ||
        !verify(pass, hash)) {
        memset(pass, 0, strlen(pass));
        sleep(2);
        puts("login incorrect");
        return 1;
    }
    memset(pass, 0, strlen(pass));
    printf("welcome, %s\n", user);
    return 0;
}
