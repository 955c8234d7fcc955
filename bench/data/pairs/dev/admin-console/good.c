/*
 * adminsh - maintenance console for the appliance, reachable on the
 * serial port.  Asks for the administrator password and then accepts a
 * handful of commands:
 *
 *   status   show uptime and load
 *   reload   ask the main daemon to re-read its configuration
 *   quit     leave the console
 */
#include <crypt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/types.h>
#include <unistd.h>

#define LINE_MAX_LEN 128
#define MAX_TRIES    3
#define PID_FILE     "/run/appliance.pid"
#define HASH_FILE    "/etc/adminsh/passwd"  /* one crypt(3) hash, mode 0600 */

static void strip_newline(char *s)
{
    s[strcspn(s, "\r\n")] = '\0';
}

/* Compare against the crypt(3) hash kept in HASH_FILE. */
static int check_password(const char *pw)
{
    char stored[LINE_MAX_LEN];
    const char *h;
    FILE *fp = fopen(HASH_FILE, "r");

    if (fp == NULL) {
        perror(HASH_FILE);
        return 0;
    }
    if (fgets(stored, sizeof stored, fp) == NULL) {
        fclose(fp);
        return 0;
    }
    fclose(fp);
    strip_newline(stored);
    if (stored[0] == '\0')
        return 0;
    h = crypt(pw, stored);
    return h != NULL && h[0] != '*' && strcmp(h, stored) == 0;
}

static int login(void)
{
    char pw[LINE_MAX_LEN];
    int tries;

    for (tries = 0; tries < MAX_TRIES; tries++) {
        int ok;

        fputs("password: ", stdout);
        fflush(stdout);
        if (fgets(pw, sizeof pw, stdin) == NULL)
            return 0;
        strip_newline(pw);
        ok = check_password(pw);
        explicit_bzero(pw, sizeof pw);
        if (ok)
            return 1;
        sleep(2);
        puts("access denied");
    }
    return 0;
}

static void cmd_status(void)
{
    struct sysinfo si;

    if (sysinfo(&si) != 0) {
        perror("sysinfo");
        return;
    }
    printf("up %ld days %02ld:%02ld, load %.2f %.2f %.2f\n",
           si.uptime / 86400, (si.uptime / 3600) % 24, (si.uptime / 60) % 60,
           si.loads[0] / 65536.0, si.loads[1] / 65536.0, si.loads[2] / 65536.0);
}

static void cmd_reload(void)
{
    FILE *fp = fopen(PID_FILE, "r");
    long pid;

    if (fp == NULL) {
        perror(PID_FILE);
        return;
    }
    if (fscanf(fp, "%ld", &pid) != 1 || pid <= 1) {
        fprintf(stderr, "%s: no valid pid\n", PID_FILE);
        fclose(fp);
        return;
    }
    fclose(fp);
    if (kill((pid_t)pid, SIGHUP) != 0)
        perror("kill");
    else
        puts("reload requested");
}

int main(void)
{
    char line[LINE_MAX_LEN];

    if (!login())
        return 1;

    for (;;) {
        fputs("admin> ", stdout);
        fflush(stdout);
        if (fgets(line, sizeof line, stdin) == NULL)
            break;
        strip_newline(line);
        if (strcmp(line, "status") == 0)
            cmd_status();
        else if (strcmp(line, "reload") == 0)
            cmd_reload();
        else if (strcmp(line, "quit") == 0)
            break;
        else if (line[0] != '\0')
            puts("commands: status reload quit");
    }
    return 0;
}
