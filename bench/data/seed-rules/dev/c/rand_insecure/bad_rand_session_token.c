#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";

int main(void)
{
    char token[33];

    srand((unsigned)time(NULL)); /* FLAW: rand_insecure */
    for (int i = 0; i < 32; i++)
        token[i] = alphabet[rand() % (int)(sizeof alphabet - 1)]; /* FLAW: rand_insecure */
    token[32] = '\0';
    printf("session token: %s\n", token);
    return 0;
}
