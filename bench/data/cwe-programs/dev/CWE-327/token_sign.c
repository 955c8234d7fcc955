/*
 * token_sign.c - issues and checks signed download tokens.
 *
 *   token_sign issue PATH EXPIRES     -> prints PATH:EXPIRES:SIG
 *   token_sign check TOKEN            -> exit 0 if valid and unexpired
 *
 * SIG is the hex HMAC-SHA256 of "PATH:EXPIRES" under the key in the
 * TOKEN_SIGNING_KEY environment variable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#define SIG_HEX (2 * 32)

static int sign(const char *key, const char *msg, char out[SIG_HEX + 1])
{
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int maclen = 0;

    if (!HMAC(EVP_sha256(), key, (int)strlen(key), (const unsigned char *)msg,
              strlen(msg), mac, &maclen) || maclen != 32)
        return -1;
    for (unsigned i = 0; i < maclen; i++)
        snprintf(out + 2 * i, 3, "%02x", mac[i]);
    return 0;
}

static int check(const char *key, const char *token)
{
    char expect[SIG_HEX + 1];
    const char *sig = strrchr(token, ':');
    char *payload, *colon;
    long long expires;
    int ok;

    if (sig == NULL || strlen(sig + 1) != SIG_HEX)
        return 0;
    payload = strndup(token, (size_t)(sig - token));
    if (payload == NULL)
        return 0;
    colon = strrchr(payload, ':');
    expires = colon ? strtoll(colon + 1, NULL, 10) : 0;
    ok = sign(key, payload, expect) == 0 &&
         CRYPTO_memcmp(expect, sig + 1, SIG_HEX) == 0 &&
         expires > (long long)time(NULL);
    free(payload);
    return ok;
}

int main(int argc, char **argv)
{
    const char *key = getenv("TOKEN_SIGNING_KEY");
    char msg[1024], sig[SIG_HEX + 1];

    if (key == NULL || strlen(key) < 32) {
        fprintf(stderr, "TOKEN_SIGNING_KEY must hold at least 32 characters\n");
        return 2;
    }
    if (argc == 4 && strcmp(argv[1], "issue") == 0) {
        if (snprintf(msg, sizeof msg, "%s:%s", argv[2], argv[3]) >= (int)sizeof msg ||
            sign(key, msg, sig) != 0)
            return 1;
        printf("%s:%s\n", msg, sig);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "check") == 0) {
        int ok = check(key, argv[2]);
        puts(ok ? "valid" : "invalid");
        return ok ? 0 : 1;
    }
    fprintf(stderr, "usage: %s issue PATH EXPIRES | check TOKEN\n", argv[0]);
    return 2;
}
