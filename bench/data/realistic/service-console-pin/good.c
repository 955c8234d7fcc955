/* svcconsole: maintenance console on the serial line; operators unlock it with a PIN */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIN_FILE "/etc/svcconsole/pin"
#define MAX_TRIES 3

enum mode { MODE_LOCKED, MODE_SERVICE };

static void read_line(char *buf, size_t len)
{
    if (fgets(buf, (int)len, stdin) == NULL) {
        buf[0] = '\0';
        return;
    }
    buf[strcspn(buf, "\r\n")] = '\0';
}

/* the PIN is set per device at installation, in a root-only file */
static int load_pin(char *pin, size_t len)
{
    FILE *fp = fopen(PIN_FILE, "r");

    if (fp == NULL)
        return -1;
    if (fgets(pin, (int)len, fp) == NULL) {
        fclose(fp);
        return -1;
    }
    fclose(fp);
    pin[strcspn(pin, "\r\n")] = '\0';
    return pin[0] != '\0' ? 0 : -1;
}

static enum mode unlock(void)
{
    char pin[32], expected[32];
    int tries;

    if (load_pin(expected, sizeof expected) != 0)
        return MODE_LOCKED;
    for (tries = 0; tries < MAX_TRIES; tries++) {
        fputs("PIN: ", stdout);
        fflush(stdout);
        read_line(pin, sizeof pin);
        if (strcmp(pin, expected) == 0)
            return MODE_SERVICE;
        puts("wrong PIN");
    }
    return MODE_LOCKED;
}

static void service_menu(void)
{
    char cmd[32];

    for (;;) {
        fputs("svc> ", stdout);
        fflush(stdout);
        read_line(cmd, sizeof cmd);
        if (strcmp(cmd, "quit") == 0 || cmd[0] == '\0')
            break;
        if (strcmp(cmd, "status") == 0)
            puts("all units nominal");
        else if (strcmp(cmd, "reset") == 0)
            puts("counters reset");
        else
            printf("unknown command: %s\n", cmd);
    }
}

int main(void)
{
    if (unlock() != MODE_SERVICE) {
        puts("console locked");
        return 1;
    }
    service_menu();
    return 0;
}
