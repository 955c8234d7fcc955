/*
 * backup_encryptor.c - encrypts database dumps before they are copied
 * to off-site storage.
 *
 * usage: backup_encryptor KEYFILE < dump.sql > dump.enc
 * KEYFILE holds 16 raw key bytes generated at install time.
 */
#include <stdio.h>
#include <string.h>
#include <openssl/evp.h>

#define KEY_BYTES 16

static int load_key(const char *path, unsigned char key[KEY_BYTES])
{
    FILE *f = fopen(path, "rb");
    size_t n;

    if (!f)
        return -1;
    n = fread(key, 1, KEY_BYTES, f);
    fclose(f);
    return n == KEY_BYTES ? 0 : -1;
}

static int pump(EVP_CIPHER_CTX *ctx, FILE *in, FILE *out)
{
    unsigned char ibuf[4096], obuf[4096 + 32];
    size_t n;
    int olen;

    while ((n = fread(ibuf, 1, sizeof ibuf, in)) > 0) {
        if (!EVP_EncryptUpdate(ctx, obuf, &olen, ibuf, (int)n))
            return -1;
        if (fwrite(obuf, 1, (size_t)olen, out) != (size_t)olen)
            return -1;
    }
    if (ferror(in) || !EVP_EncryptFinal_ex(ctx, obuf, &olen))
        return -1;
    return fwrite(obuf, 1, (size_t)olen, out) == (size_t)olen ? 0 : -1;
}

int main(int argc, char *argv[])
{
    unsigned char key[KEY_BYTES];
    EVP_CIPHER_CTX *ctx;
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s KEYFILE < in > out\n", argv[0]);
        return 2;
    }
    if (load_key(argv[1], key) != 0) {
        fprintf(stderr, "%s: need %d key bytes\n", argv[1], KEY_BYTES);
        return 1;
    }

    ctx = EVP_CIPHER_CTX_new();
    if (!ctx)
        return 1;
    if (!EVP_EncryptInit_ex(ctx, EVP_aes_128_ecb(), NULL, key, NULL)) { /* FLAW: CWE-327 */
        EVP_CIPHER_CTX_free(ctx);
        return 1;
    }
    rc = pump(ctx, stdin, stdout);
    EVP_CIPHER_CTX_free(ctx);
    OPENSSL_cleanse(key, sizeof key);

    if (rc != 0 || fflush(stdout) != 0) {
        fprintf(stderr, "encryption failed\n");
        return 1;
    }
    return 0;
}
