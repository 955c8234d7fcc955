/*
 * credential_vault.c - stores service credentials in an encrypted
 * vault file.
 *
 *   credential_vault put NAME SECRET   add or replace an entry
 *   credential_vault get NAME          print an entry's secret
 *
 * The vault key is taken from the VAULT_KEY environment variable.
 * Vault file: one "name:hex(ciphertext)" line per entry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#define VAULT_FILE ".vault"
#define MAX_SECRET 256

/* Encrypt or decrypt BUF in place with the vault key. */
static void vault_crypt(unsigned char *buf, size_t len, const char *key)
{
    size_t klen = strlen(key);
    for (size_t i = 0; i < len; i++)
        buf[i] ^= (unsigned char)key[i % klen]; /* FLAW: CWE-327 */
}

static int cmd_put(const char *key, const char *name, const char *secret)
{
    unsigned char buf[MAX_SECRET];
    size_t len = strlen(secret);
    int fd;
    FILE *f;

    if (len > MAX_SECRET)
        return -1;
    memcpy(buf, secret, len);
    vault_crypt(buf, len, key);
    fd = open(VAULT_FILE, O_WRONLY | O_APPEND | O_CREAT, 0600);
    if (fd < 0)
        return -1;
    if ((f = fdopen(fd, "a")) == NULL) {
        close(fd);
        return -1;
    }
    fprintf(f, "%s:", name);
    for (size_t i = 0; i < len; i++)
        fprintf(f, "%02x", buf[i]);
    fputc('\n', f);
    return fclose(f);
}

static int cmd_get(const char *key, const char *name)
{
    char line[MAX_SECRET * 2 + 128];
    unsigned char buf[MAX_SECRET + 1];
    size_t nlen = strlen(name), len = 0;
    int found = 0;
    FILE *f = fopen(VAULT_FILE, "r");

    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, name, nlen) != 0 || line[nlen] != ':')
            continue;
        const char *hex = line + nlen + 1;
        unsigned v;
        for (len = 0; len < MAX_SECRET && sscanf(hex + 2 * len, "%2x", &v) == 1; len++)
            buf[len] = (unsigned char)v;
        found = 1;   /* the last entry for a name wins */
    }
    fclose(f);
    if (!found)
        return -1;
    vault_crypt(buf, len, key);
    buf[len] = '\0';
    printf("%s\n", (char *)buf);
    return 0;
}

int main(int argc, char **argv)
{
    const char *key = getenv("VAULT_KEY");

    if (key == NULL || strlen(key) < 12) {
        fprintf(stderr, "VAULT_KEY must be set (at least 12 characters)\n");
        return 1;
    }
    if (argc == 4 && strcmp(argv[1], "put") == 0 && !strchr(argv[2], ':'))
        return cmd_put(key, argv[2], argv[3]) == 0 ? 0 : 1;
    if (argc == 3 && strcmp(argv[1], "get") == 0)
        return cmd_get(key, argv[2]) == 0 ? 0 : 1;
    fprintf(stderr, "usage: %s put NAME SECRET | get NAME\n", argv[0]);
    return 2;
}
