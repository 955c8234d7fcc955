/*
 * service_status.c - kiosk menu showing the state of known services.
 *
 * The operator picks a service from a predefined menu; the matching
 * systemctl command is looked up in a table and run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *label;
    const char *command;
} service_entry;

static const service_entry SERVICES[] = {
    { "web server",    "systemctl --no-pager status nginx.service" },
    { "database",      "systemctl --no-pager status postgresql.service" },
    { "mail transfer", "systemctl --no-pager status postfix.service" },
    { "time sync",     "systemctl --no-pager status chrony.service" },
};

#define N_SERVICES (sizeof SERVICES / sizeof SERVICES[0])

static void show_menu(void)
{
    for (size_t i = 0; i < N_SERVICES; i++)
        printf("  %zu) %s\n", i + 1, SERVICES[i].label);
    printf("  0) quit\nchoice: ");
    fflush(stdout);
}

static int read_choice(void)
{
    char buf[32];
    char *end;
    long v;

    if (!fgets(buf, sizeof buf, stdin))
        return 0;
    v = strtol(buf, &end, 10);
    if (end == buf || v < 0 || v > (long)N_SERVICES)
        return -1;
    return (int)v;
}

int main(void)
{
    for (;;) {
        int choice;

        show_menu();
        choice = read_choice();
        if (choice == 0)
            break;
        if (choice < 0) {
            puts("invalid choice");
            continue;
        }
        if (system(SERVICES[choice - 1].command) == -1)
            perror("system");
    }
    return 0;
}
