/*
 * signal_logger.c - line-oriented log collector.
 *
 * Copies lines from stdin to a log file, counting them. On SIGUSR1 it
 * writes a statistics line into the log so operators can see progress
 * without stopping the collector.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>

static FILE *logf;
static unsigned long lines_seen;
static unsigned long bytes_seen;

static void on_usr1(int sig)
{
    (void)sig;
    fprintf(logf, "# stats: %lu lines, %lu bytes at %ld\n", /* FLAW: CWE-362 */
            lines_seen, bytes_seen, (long)time(NULL));
    fflush(logf);
}

static int install_handler(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    return sigaction(SIGUSR1, &sa, NULL);
}

int main(int argc, char **argv)
{
    char buf[2048];

    if (argc != 2) {
        fprintf(stderr, "usage: %s LOGFILE\n", argv[0]);
        return 2;
    }
    logf = fopen(argv[1], "a");
    if (logf == NULL) {
        perror(argv[1]);
        return 1;
    }
    if (install_handler() != 0) {
        perror("sigaction");
        return 1;
    }

    while (fgets(buf, sizeof buf, stdin) != NULL) {
        lines_seen++;
        bytes_seen += strlen(buf);
        fputs(buf, logf);
    }
    fprintf(logf, "# collector stopped after %lu lines\n", lines_seen);
    return fclose(logf) == 0 ? 0 : 1;
}
