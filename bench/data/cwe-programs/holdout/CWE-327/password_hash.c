/*
 * password_hash.c - creates and checks password hashes for the member
 * database.
 *
 *   password_hash hash            reads a password from stdin, prints
 *                                 "pbkdf2-sha256$iter$salt$hash"
 *   password_hash verify STORED   reads a password, exit 0 on match
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#define ITER      600000
#define SALT_LEN  16
#define HASH_LEN  32

static void to_hex(const unsigned char *in, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++)
        sprintf(out + 2 * i, "%02x", in[i]);
}

static int from_hex(const char *hex, unsigned char *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (unsigned char)v;
    }
    return hex[2 * n] == '\0' || hex[2 * n] == '$' ? 0 : -1;
}

static int derive(const char *pw, const unsigned char *salt, int iter, unsigned char *out)
{
    return PKCS5_PBKDF2_HMAC(pw, (int)strlen(pw), salt, SALT_LEN, iter,
                             EVP_sha256(), HASH_LEN, out) == 1 ? 0 : -1;
}

int main(int argc, char **argv)
{
    char pw[256], shex[2 * SALT_LEN + 1], hhex[2 * HASH_LEN + 1];
    unsigned char salt[SALT_LEN], hash[HASH_LEN], want[HASH_LEN];
    int iter;

    if (!fgets(pw, sizeof pw, stdin))
        return 2;
    pw[strcspn(pw, "\n")] = '\0';

    if (argc == 2 && strcmp(argv[1], "hash") == 0) {
        if (RAND_bytes(salt, SALT_LEN) != 1 || derive(pw, salt, ITER, hash) != 0)
            return 1;
        to_hex(salt, SALT_LEN, shex);
        to_hex(hash, HASH_LEN, hhex);
        printf("pbkdf2-sha256$%d$%s$%s\n", ITER, shex, hhex);
        OPENSSL_cleanse(pw, sizeof pw);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "verify") == 0) {
        const char *s = argv[2];
        const char *p1, *p2;
        int ok;

        if (strncmp(s, "pbkdf2-sha256$", 14) != 0 || (p1 = strchr(s + 14, '$')) == NULL ||
            (p2 = strchr(p1 + 1, '$')) == NULL)
            return 2;
        iter = atoi(s + 14);
        if (iter < 100000 || iter > 10000000 ||
            from_hex(p1 + 1, salt, SALT_LEN) != 0 || from_hex(p2 + 1, want, HASH_LEN) != 0)
            return 2;
        ok = derive(pw, salt, iter, hash) == 0 && CRYPTO_memcmp(hash, want, HASH_LEN) == 0;
        OPENSSL_cleanse(pw, sizeof pw);
        puts(ok ? "match" : "mismatch");
        return ok ? 0 : 1;
    }
    fprintf(stderr, "usage: %s hash | verify STORED\n", argv[0]);
    return 2;
}
