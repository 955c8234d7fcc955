/*
 * libprobe: reachability checks for the monitoring agent.
 * No main; probe_host() is called with host names taken from the agent's remote config.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
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

/* ping runs directly with the host as one argument: no shell sees the configured name */
int probe_host(const char *host, struct probe_result *res)
{
    pid_t pid;
    int status;

    if (host == NULL || *host == '\0' || *host == '-' || res == NULL)
        return -1;
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) {
            dup2(devnull, STDOUT_FILENO);
            dup2(devnull, STDERR_FILENO);
        }
        execl("/bin/ping", "ping", "-c", "1", "-W", PROBE_TIMEOUT, host, (char *)NULL);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
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
