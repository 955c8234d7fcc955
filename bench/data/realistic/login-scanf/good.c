/* login prompt for a kiosk: reads user and PIN from the terminal */
#include <stdio.h>
#include <string.h>

struct account {
    char user[16];
    int pin;
};

static const struct account accounts[] = {
    { "alice", 1234 },
    { "bob", 4321 },
};

static int check(const char *user, int pin)
{
    size_t i;
    for (i = 0; i < sizeof accounts / sizeof accounts[0]; i++)
        if (strcmp(accounts[i].user, user) == 0 && accounts[i].pin == pin)
            return 1;
    return 0;
}

int main(void)
{
    char user[16];
    int pin;

    printf("user: ");
    if (scanf("%15s", user) != 1)
        return 1;
    printf("pin: ");
    if (scanf("%d", &pin) != 1)
        return 1;
    puts(check(user, pin) ? "welcome" : "denied");
    return 0;
}
