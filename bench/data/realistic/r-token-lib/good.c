/* libtoken: session tokens for a small web service (no main: linked into the server) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#define TOKEN_CHARS "abcdefghijklmnopqrstuvwxyz0123456789"

int token_new(char *out, size_t len) {
    unsigned char raw[64];
    size_t i;
    if (len == 0 || len > sizeof raw) return -1;
    if (getrandom(raw, len, 0) != (ssize_t)len) return -1;
    for (i = 0; i + 1 < len; i++) out[i] = TOKEN_CHARS[raw[i] % (sizeof TOKEN_CHARS - 1)];
    out[i] = '\0';
    return 0;
}

int token_admin_ok(const char *password, int (*verify)(const char *user, const char *password)) {
    return verify("admin", password);
}
