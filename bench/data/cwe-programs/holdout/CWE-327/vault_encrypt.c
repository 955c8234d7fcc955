/*
 * vault_encrypt.c - seals a secrets file with AES-256-GCM.
 *
 * usage: vault_encrypt KEYFILE IN OUT
 * KEYFILE holds 32 random bytes. OUT = 12-byte nonce | ciphertext |
 * 16-byte authentication tag. The file name is bound as associated data.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#define KEY_LEN 32
#define NONCE_LEN 12
#define TAG_LEN 16
#define MAX_PLAIN (16 * 1024 * 1024)

static unsigned char *slurp(const char *path, size_t max, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf;

    if (!f)
        return NULL;
    buf = malloc(max + 1);
    if (buf)
        *len = fread(buf, 1, max + 1, f);
    if (buf && (ferror(f) || *len > max)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

static int seal(const unsigned char *key, const char *aad, const unsigned char *pt, size_t ptlen, FILE *out)
{
    unsigned char nonce[NONCE_LEN], tag[TAG_LEN];
    unsigned char *ct = malloc(ptlen + 16);
    int len, rc = -1;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

    if (!ct || !ctx || RAND_bytes(nonce, NONCE_LEN) != 1)
        goto out;
    if (EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, NULL, NULL) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, NONCE_LEN, NULL) != 1 ||
        EVP_EncryptInit_ex(ctx, NULL, NULL, key, nonce) != 1 ||
        EVP_EncryptUpdate(ctx, NULL, &len, (const unsigned char *)aad, (int)strlen(aad)) != 1 ||
        EVP_EncryptUpdate(ctx, ct, &len, pt, (int)ptlen) != 1)
        goto out;
    size_t ctlen = (size_t)len;
    if (EVP_EncryptFinal_ex(ctx, ct + ctlen, &len) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, TAG_LEN, tag) != 1)
        goto out;
    ctlen += (size_t)len;
    if (fwrite(nonce, 1, NONCE_LEN, out) == NONCE_LEN &&
        fwrite(ct, 1, ctlen, out) == ctlen &&
        fwrite(tag, 1, TAG_LEN, out) == TAG_LEN)
        rc = 0;
out:
    EVP_CIPHER_CTX_free(ctx);
    free(ct);
    return rc;
}

int main(int argc, char **argv)
{
    unsigned char *key, *pt;
    size_t klen = 0, ptlen = 0;
    FILE *out;
    int rc;

    if (argc != 4) {
        fprintf(stderr, "usage: %s KEYFILE IN OUT\n", argv[0]);
        return 2;
    }
    key = slurp(argv[1], KEY_LEN, &klen);
    if (!key || klen != KEY_LEN) {
        fprintf(stderr, "%s: expected %d key bytes\n", argv[1], KEY_LEN);
        free(key);
        return 1;
    }
    if ((pt = slurp(argv[2], MAX_PLAIN, &ptlen)) == NULL) {
        fprintf(stderr, "%s: unreadable or too large\n", argv[2]);
        free(key);
        return 1;
    }
    if ((out = fopen(argv[3], "wb")) == NULL) {
        perror(argv[3]);
        rc = -1;
    } else {
        rc = seal(key, argv[2], pt, ptlen, out);
        if (fclose(out) != 0)
            rc = -1;
    }
    OPENSSL_cleanse(key, KEY_LEN);
    OPENSSL_cleanse(pt, ptlen);
    free(key);
    free(pt);
    return rc == 0 ? 0 : 1;
}
