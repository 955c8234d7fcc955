/*
 * release_signer.c - signs firmware release images with the vendor's
 * RSA key so that devices can verify updates.
 *
 * usage: release_signer PRIVATE_KEY.pem IMAGE SIGNATURE_OUT
 */
#include <stdio.h>
#include <stdlib.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/err.h>

static EVP_PKEY *load_key(const char *path)
{
    FILE *f = fopen(path, "r");
    EVP_PKEY *k;

    if (f == NULL)
        return NULL;
    k = PEM_read_PrivateKey(f, NULL, NULL, NULL);
    fclose(f);
    return k;
}

static unsigned char *sign_image(EVP_PKEY *key, FILE *img, size_t *siglen)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned char buf[8192], *sig = NULL;
    size_t n;

    if (ctx == NULL)
        return NULL;
    if (EVP_DigestSignInit(ctx, NULL, EVP_sha1(), NULL, key) != 1) /* FLAW: CWE-327 */
        goto out;
    while ((n = fread(buf, 1, sizeof buf, img)) > 0)
        if (EVP_DigestSignUpdate(ctx, buf, n) != 1)
            goto out;
    if (ferror(img) || EVP_DigestSignFinal(ctx, NULL, siglen) != 1)
        goto out;
    if ((sig = OPENSSL_malloc(*siglen)) == NULL)
        goto out;
    if (EVP_DigestSignFinal(ctx, sig, siglen) != 1) {
        OPENSSL_free(sig);
        sig = NULL;
    }
out:
    EVP_MD_CTX_free(ctx);
    return sig;
}

int main(int argc, char **argv)
{
    EVP_PKEY *key;
    FILE *img, *out;
    unsigned char *sig;
    size_t siglen = 0;

    if (argc != 4) {
        fprintf(stderr, "usage: %s PRIVATE_KEY.pem IMAGE SIGNATURE_OUT\n", argv[0]);
        return 2;
    }
    if ((key = load_key(argv[1])) == NULL) {
        fprintf(stderr, "cannot load key %s\n", argv[1]);
        return 1;
    }
    if ((img = fopen(argv[2], "rb")) == NULL) {
        perror(argv[2]);
        EVP_PKEY_free(key);
        return 1;
    }
    sig = sign_image(key, img, &siglen);
    fclose(img);
    EVP_PKEY_free(key);
    if (sig == NULL) {
        ERR_print_errors_fp(stderr);
        return 1;
    }
    if ((out = fopen(argv[3], "wb")) == NULL || fwrite(sig, 1, siglen, out) != siglen) {
        perror(argv[3]);
        OPENSSL_free(sig);
        return 1;
    }
    OPENSSL_free(sig);
    if (fclose(out) != 0)
        return 1;
    printf("wrote %zu-byte signature to %s\n", siglen, argv[3]);
    return 0;
}
