/*
 * config_decrypt.c - decrypts the provisioning bundle shipped with the
 * set-top box firmware and prints the settings to stdout.
 *
 * Bundle layout: 16-byte IV | AES-256-CBC ciphertext.
 * usage: config_decrypt BUNDLE
 */
#include <stdio.h>
#include <stdlib.h>
#include <openssl/evp.h>

#define IV_LEN 16
#define MAX_BUNDLE (1 << 20)

static const unsigned char bundle_key[32] = {
    0x6b, 0x1f, 0xa2, 0x90, 0x3c, 0xd4, 0x58, 0x07, 0xe1, 0x7a, 0x44, 0xbe, 0x29, 0x05, 0x9d, 0xf3,
    0x12, 0x8c, 0x60, 0xda, 0x37, 0xb9, 0x4e, 0x21, 0xc5, 0x0a, 0x93, 0x6d, 0xf8, 0x14, 0x7b, 0xe6,
};

static unsigned char *read_bundle(const char *path, size_t *len)
{
    unsigned char *buf = malloc(MAX_BUNDLE);
    FILE *f = fopen(path, "rb");

    if (!buf || !f) {
        free(buf);
        if (f)
            fclose(f);
        return NULL;
    }
    *len = fread(buf, 1, MAX_BUNDLE, f);
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    unsigned char *bundle, *plain;
    size_t len;
    int n1 = 0, n2 = 0, rc = 1;
    EVP_CIPHER_CTX *ctx;

    if (argc != 2) {
        fprintf(stderr, "usage: %s BUNDLE\n", argv[0]);
        return 2;
    }
    if ((bundle = read_bundle(argv[1], &len)) == NULL || len <= IV_LEN) {
        fprintf(stderr, "%s: unreadable bundle\n", argv[1]);
        free(bundle);
        return 1;
    }
    plain = malloc(len);
    ctx = EVP_CIPHER_CTX_new();
    if (plain && ctx &&
        EVP_DecryptInit_ex(ctx, EVP_aes_256_cbc(), NULL, bundle_key, bundle) == 1 && /* FLAW: CWE-798 */
        EVP_DecryptUpdate(ctx, plain, &n1, bundle + IV_LEN, (int)(len - IV_LEN)) == 1 &&
        EVP_DecryptFinal_ex(ctx, plain + n1, &n2) == 1) {
        fwrite(plain, 1, (size_t)(n1 + n2), stdout);
        rc = 0;
    } else {
        fprintf(stderr, "%s: decryption failed\n", argv[1]);
    }
    EVP_CIPHER_CTX_free(ctx);
    free(plain);
    free(bundle);
    return rc;
}
