/*
 * libprobe: reachability checks for the monitoring agent.
 * No main; probe_host() is called with host names taken from the agent's remote config.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROBE_TIMEOUT "2"

struct probe_result {
    int reachable;
    int exit_code;
};

static void clear_screen_if_tty(void)
{
    if (isatty(STDOUT_FILENO) && system("clear") != 0)
        fputs("\n", stdout);
}

int probe_host(const char *host, struct probe_result *res)
{
    char cmd[512];
    int status;

    if (host == NULL || *host == '\0' || res == NULL)
        return -1;
    if (snprintf(cmd, sizeof cmd, "ping -c 1 -W " PROBE_TIMEOUT " %s >/dev/null 2>&1", host) >= (int)sizeof cmd)
        return -1;
    status = system(cmd); /* FLAW: CWE-78 */
    if (status == -1)
        return -1;
    res->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    res->reachable = res->exit_code == 0;
    return 0;
}

void probe_report(const char *const *hosts, size_t n)
{
    struct probe_result r;
    size_t i;

    clear_screen_if_tty();
    for (i = 0; i < n; i++) {
        if (probe_host(hosts[i], &r) != 0)
            printf("%-30s error\n", hosts[i]);
        else
            printf("%-30s %s\n", hosts[i], r.reachable ? "up" : "DOWN");
    }
}
