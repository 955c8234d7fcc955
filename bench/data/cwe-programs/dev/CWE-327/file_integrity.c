/*
 * file_integrity.c - computes SHA-256 checksums of files, in the same
 * format as sha256sum, or verifies them against a manifest.
 *
 * usage: file_integrity FILE...
 *        file_integrity -c MANIFEST
 */
#include <stdio.h>
#include <string.h>
#include <openssl/evp.h>

static int sha256_file(const char *path, char hex[2 * EVP_MAX_MD_SIZE + 1])
{
    unsigned char buf[16384], md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    size_t n;
    int ok;
    FILE *f = fopen(path, "rb");
    EVP_MD_CTX *ctx;

    if (!f)
        return -1;
    ctx = EVP_MD_CTX_new();
    ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) == 1;
    while (ok && (n = fread(buf, 1, sizeof buf, f)) > 0)
        ok = EVP_DigestUpdate(ctx, buf, n) == 1;
    ok = ok && !ferror(f) && EVP_DigestFinal_ex(ctx, md, &mdlen) == 1;
    EVP_MD_CTX_free(ctx);
    fclose(f);
    if (!ok)
        return -1;
    for (unsigned i = 0; i < mdlen; i++)
        sprintf(hex + 2 * i, "%02x", md[i]);
    return 0;
}

static int verify(const char *manifest)
{
    char line[4200], want[65], path[4096], got[2 * EVP_MAX_MD_SIZE + 1];
    int mismatches = 0;
    FILE *m = fopen(manifest, "r");

    if (!m) {
        perror(manifest);
        return 1;
    }
    while (fgets(line, sizeof line, m)) {
        if (sscanf(line, "%64s %4095[^\n]", want, path) != 2)
            continue;
        const char *p = path[0] == '*' ? path + 1 : path;
        int ok = sha256_file(p, got) == 0 && strcmp(got, want) == 0;
        printf("%s: %s\n", p, ok ? "OK" : "FAILED");
        mismatches += !ok;
    }
    fclose(m);
    return mismatches ? 1 : 0;
}

int main(int argc, char **argv)
{
    char hex[2 * EVP_MAX_MD_SIZE + 1];
    int rc = 0;

    if (argc == 3 && strcmp(argv[1], "-c") == 0)
        return verify(argv[2]);
    for (int i = 1; i < argc; i++) {
        if (sha256_file(argv[i], hex) != 0) {
            perror(argv[i]);
            rc = 1;
            continue;
        }
        printf("%s  %s\n", hex, argv[i]);
    }
    return rc;
}
