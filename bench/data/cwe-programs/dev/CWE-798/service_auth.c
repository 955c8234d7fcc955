/*
 * service_auth.c - authenticates internal service calls.
 *
 * Reads "<service-name> <token>" lines on stdin and answers ALLOW or
 * DENY. Expected tokens are read at start-up from a root-owned file
 * (one "<service-name> <token>" per line) given on the command line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <openssl/crypto.h>

#define MAX_SERVICES 64

struct credential {
    char service[64];
    char token[128];
};

static struct credential creds[MAX_SERVICES];
static int ncreds;

static int load_tokens(const char *path)
{
    struct stat st;
    char line[256];
    int fd = open(path, O_RDONLY | O_NOFOLLOW);
    FILE *f;

    if (fd < 0 || fstat(fd, &st) != 0 || (st.st_mode & 077) != 0) {
        fprintf(stderr, "%s: missing or accessible by others\n", path);
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if ((f = fdopen(fd, "r")) == NULL) {
        close(fd);
        return -1;
    }
    while (ncreds < MAX_SERVICES && fgets(line, sizeof line, f))
        if (sscanf(line, "%63s %127s", creds[ncreds].service, creds[ncreds].token) == 2)
            ncreds++;
    fclose(f);
    return ncreds > 0 ? 0 : -1;
}

static int token_matches(const char *expected, const char *given)
{
    size_t n = strlen(expected);
    return strlen(given) == n && CRYPTO_memcmp(expected, given, n) == 0;
}

int main(int argc, char **argv)
{
    char line[256], service[64], token[128];

    if (argc != 2 || load_tokens(argv[1]) != 0)
        return 1;
    while (fgets(line, sizeof line, stdin)) {
        int ok = 0;
        if (sscanf(line, "%63s %127s", service, token) == 2)
            for (int i = 0; i < ncreds; i++)
                if (strcmp(creds[i].service, service) == 0)
                    ok = token_matches(creds[i].token, token);
        puts(ok ? "ALLOW" : "DENY");
        fflush(stdout);
    }
    OPENSSL_cleanse(creds, sizeof creds);
    return 0;
}
