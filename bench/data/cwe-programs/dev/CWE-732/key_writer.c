/*
 * key_writer.c - generates the node's Ed25519 identity key pair for
 * the cluster membership protocol and writes it in PEM form.
 *
 * usage: key_writer DIR   -> DIR/node.key and DIR/node.pub
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

static FILE *create_file(const char *dir, const char *name, mode_t mode)
{
    char path[4096];
    int fd;
    FILE *f;

    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return NULL;
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode);
    if (fd < 0) {
        perror(path);
        return NULL;
    }
    if ((f = fdopen(fd, "w")) == NULL)
        close(fd);
    return f;
}

int main(int argc, char **argv)
{
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *ctx;
    FILE *priv, *pub;
    int ok;

    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, NULL);
    if (!ctx || EVP_PKEY_keygen_init(ctx) != 1 || EVP_PKEY_keygen(ctx, &pkey) != 1) {
        fprintf(stderr, "key generation failed\n");
        EVP_PKEY_CTX_free(ctx);
        return 1;
    }
    EVP_PKEY_CTX_free(ctx);

    priv = create_file(argv[1], "node.key", 0644); /* FLAW: CWE-732 */
    pub = create_file(argv[1], "node.pub", 0644);
    if (!priv || !pub) {
        if (priv) fclose(priv);
        if (pub) fclose(pub);
        EVP_PKEY_free(pkey);
        return 1;
    }
    ok = PEM_write_PrivateKey(priv, pkey, NULL, NULL, 0, NULL, NULL) == 1 &&
         PEM_write_PUBKEY(pub, pkey) == 1;
    ok &= fclose(priv) == 0;
    ok &= fclose(pub) == 0;
    EVP_PKEY_free(pkey);

    if (!ok) {
        fprintf(stderr, "writing keys failed\n");
        return 1;
    }
    printf("identity written to %s/node.key and %s/node.pub\n", argv[1], argv[1]);
    return 0;
}
