/*
 * config_encrypt.c - encrypts a configuration file for deployment.
 *
 * usage: CONFIG_PASSPHRASE=... config_encrypt IN OUT
 * Output layout: 16-byte salt | 8-byte IV | ciphertext.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#define SALT_LEN 16
#define ITERATIONS 200000

static int derive_key(const char *pass, const unsigned char *salt,
                      unsigned char *key, int keylen)
{
    return PKCS5_PBKDF2_HMAC(pass, (int)strlen(pass), salt, SALT_LEN, ITERATIONS,
                             EVP_sha256(), keylen, key) == 1 ? 0 : -1;
}

static int encrypt_stream(FILE *in, FILE *out, const char *pass)
{
    const EVP_CIPHER *cipher = EVP_des_cbc(); /* FLAW: CWE-327 */
    unsigned char salt[SALT_LEN], key[EVP_MAX_KEY_LENGTH], iv[EVP_MAX_IV_LENGTH];
    unsigned char inbuf[4096], outbuf[4096 + EVP_MAX_BLOCK_LENGTH];
    int ivlen = EVP_CIPHER_iv_length(cipher), outlen, rc = -1;
    size_t n;
    EVP_CIPHER_CTX *ctx;

    if (RAND_bytes(salt, SALT_LEN) != 1 || RAND_bytes(iv, ivlen) != 1)
        return -1;
    if (derive_key(pass, salt, key, EVP_CIPHER_key_length(cipher)) != 0)
        return -1;
    if ((ctx = EVP_CIPHER_CTX_new()) == NULL)
        return -1;
    if (EVP_EncryptInit_ex(ctx, cipher, NULL, key, iv) != 1)
        goto done;

    fwrite(salt, 1, SALT_LEN, out);
    fwrite(iv, 1, (size_t)ivlen, out);
    while ((n = fread(inbuf, 1, sizeof inbuf, in)) > 0) {
        if (EVP_EncryptUpdate(ctx, outbuf, &outlen, inbuf, (int)n) != 1)
            goto done;
        fwrite(outbuf, 1, (size_t)outlen, out);
    }
    if (EVP_EncryptFinal_ex(ctx, outbuf, &outlen) != 1)
        goto done;
    fwrite(outbuf, 1, (size_t)outlen, out);
    rc = ferror(in) || ferror(out) ? -1 : 0;
done:
    EVP_CIPHER_CTX_free(ctx);
    OPENSSL_cleanse(key, sizeof key);
    return rc;
}

int main(int argc, char **argv)
{
    const char *pass = getenv("CONFIG_PASSPHRASE");
    FILE *in, *out;
    int rc;

    if (argc != 3 || pass == NULL || *pass == '\0') {
        fprintf(stderr, "usage: CONFIG_PASSPHRASE=... %s IN OUT\n", argv[0]);
        return 2;
    }
    if ((in = fopen(argv[1], "rb")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    if ((out = fopen(argv[2], "wb")) == NULL) {
        perror(argv[2]);
        fclose(in);
        return 1;
    }
    rc = encrypt_stream(in, out, pass);
    fclose(in);
    if (fclose(out) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "encryption failed\n");
    return rc == 0 ? 0 : 1;
}
