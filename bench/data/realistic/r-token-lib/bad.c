/* libtoken: session tokens for a small web service (no main: linked into the server) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOKEN_CHARS "abcdefghijklmnopqrstuvwxyz0123456789"

void token_new(char *out, size_t len) {
    size_t i;
    for (i = 0; i + 1 < len; i++) {
        out[i] = TOKEN_CHARS[rand() % (sizeof TOKEN_CHARS - 1)]; /* FLAW: CWE-338 */
    }
    out[i] = '\0';
}

int token_admin_ok(const char *password) {
    return strcmp(password, "Adm1n-2024!") == 0; /* FLAW: CWE-798 */
}
