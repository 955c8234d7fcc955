#include <stdio.h>
#include <sys/random.h>

static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";

int main(void)
{
    unsigned char raw[32];
    char token[33];

    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw) {
        perror("getrandom");
        return 1;
    }
    for (int i = 0; i < 32; i++)
        token[i] = alphabet[raw[i] % (sizeof alphabet - 1)];
    token[32] = '\0';
    printf("session token: %s\n", token);
    return 0;
}
