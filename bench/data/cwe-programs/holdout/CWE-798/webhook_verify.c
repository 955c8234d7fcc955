/*
 * webhook_verify.c - verifies signed webhook deliveries from the
 * payment provider before they are queued for processing.
 *
 * usage: webhook_verify SECRET_FILE SIGNATURE_HEX < body
 * SECRET_FILE holds the shared webhook secret and must not be
 * readable by group or others.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#define MAX_SECRET 256
#define MAX_BODY (1 << 20)

static int load_secret(const char *path, unsigned char *buf, size_t *len)
{
    struct stat st;
    ssize_t n;
    int fd = open(path, O_RDONLY | O_NOFOLLOW);

    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || (st.st_mode & (S_IRWXG | S_IRWXO))) {
        close(fd);
        return -1;
    }
    n = read(fd, buf, MAX_SECRET);
    close(fd);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
        n--;
    if (n <= 0)
        return -1;
    *len = (size_t)n;
    return 0;
}

int main(int argc, char **argv)
{
    unsigned char secret[MAX_SECRET], mac[EVP_MAX_MD_SIZE];
    unsigned int maclen = 0;
    size_t slen = 0, blen;
    char hex[2 * EVP_MAX_MD_SIZE + 1];
    static unsigned char body[MAX_BODY];
    int ok;

    if (argc != 3) {
        fprintf(stderr, "usage: %s SECRET_FILE SIGNATURE_HEX < body\n", argv[0]);
        return 2;
    }
    if (load_secret(argv[1], secret, &slen) != 0) {
        fprintf(stderr, "%s: unusable secret file\n", argv[1]);
        return 2;
    }
    blen = fread(body, 1, sizeof body, stdin);
    if (!HMAC(EVP_sha256(), secret, (int)slen, body, blen, mac, &maclen))
        return 2;
    OPENSSL_cleanse(secret, sizeof secret);

    for (unsigned i = 0; i < maclen; i++)
        snprintf(hex + 2 * i, 3, "%02x", mac[i]);
    ok = strlen(argv[2]) == 2 * (size_t)maclen &&
         CRYPTO_memcmp(hex, argv[2], 2 * (size_t)maclen) == 0;
    puts(ok ? "valid" : "invalid");
    return ok ? 0 : 1;
}
