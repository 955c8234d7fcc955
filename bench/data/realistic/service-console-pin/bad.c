/* svcconsole: maintenance console on the serial line; operators unlock it with a PIN */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SERVICE_PIN "7731-kx"
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

static enum mode unlock(void)
{
    char pin[32];
    int tries;

    for (tries = 0; tries < MAX_TRIES; tries++) {
        fputs("PIN: ", stdout);
        fflush(stdout);
        read_line(pin, sizeof pin);
        if (strcmp(pin, SERVICE_PIN) == 0) /* FLAW: CWE-798 */
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
