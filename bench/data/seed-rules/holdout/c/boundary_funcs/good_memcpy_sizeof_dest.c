#include <stdio.h>
#include <string.h>

struct pair {
    char key[16];
    char value[16];
};

int main(void)
{
    struct pair a = { "colour", "blue" };
    struct pair b;

    memcpy(b.key, a.key, sizeof(b.key));
    memcpy(b.value, a.value, sizeof(b.value));
    printf("%s=%s\n", b.key, b.value);
    return 0;
}
