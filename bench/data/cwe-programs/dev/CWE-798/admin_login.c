/*
 * admin_login.c - login gate for the appliance's maintenance console.
 *
 * Prompts for a user name and password; on success starts the
 * maintenance shell menu. Three failed attempts end the session.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_TRIES 3

static int prompt(const char *label, char *buf, size_t cap)
{
    printf("%s: ", label);
    fflush(stdout);
    if (fgets(buf, (int)cap, stdin) == NULL)
        return -1;
    buf[strcspn(buf, "\r\n")] = '\0';
    return 0;
}

static int check_login(const char *user, const char *pass)
{
    if (strcmp(user, "admin") != 0)
        return 0;
    return strcmp(pass, "Maint#2019!") == 0; /* FLAW: CWE-798 */
}

static void maintenance_menu(void)
{
    char choice[8];

    for (;;) {
        printf("\n1) show uptime\n2) restart network\n3) logout\n> ");
        fflush(stdout);
        if (prompt("choice", choice, sizeof choice) != 0 || choice[0] == '3')
            return;
        if (choice[0] == '1') {
            if (system("uptime") != 0)
                puts("uptime unavailable");
        } else if (choice[0] == '2') {
            if (system("/etc/init.d/networking restart") != 0)
                puts("restart failed");
        }
    }
}

int main(void)
{
    char user[64], pass[128];

    for (int attempt = 1; attempt <= MAX_TRIES; attempt++) {
        if (prompt("login", user, sizeof user) != 0 || prompt("password", pass, sizeof pass) != 0)
            return 1;
        if (check_login(user, pass)) {
            memset(pass, 0, sizeof pass);
            puts("welcome to the maintenance console");
            maintenance_menu();
            return 0;
        }
        memset(pass, 0, sizeof pass);
        puts("login incorrect");
        sleep((unsigned)attempt);
    }
    return 1;
}
