/*
 * status_reporter.c - periodic health report for the backup agent.
 *
 * Reads "name status detail..." records from a status file written by
 * the agent and reports them to stdout and, for failures, to syslog.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#define STATUS_FILE "/run/backup-agent/status"

typedef struct {
    char name[64];
    char status[16];
    char detail[256];
} job_status;

static int parse_record(char *line, job_status *js)
{
    int off = 0;

    if (sscanf(line, "%63s %15s %n", js->name, js->status, &off) != 2)
        return -1;
    line[strcspn(line, "\n")] = '\0';
    snprintf(js->detail, sizeof js->detail, "%s", line + off);
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : STATUS_FILE;
    char line[512];
    job_status js;
    int total = 0, failed = 0;
    FILE *f;

    if ((f = fopen(path, "r")) == NULL) {
        perror(path);
        return 1;
    }
    openlog("backup-report", LOG_PID, LOG_DAEMON);

    while (fgets(line, sizeof line, f)) {
        if (parse_record(line, &js) != 0)
            continue;
        total++;
        printf("%-24s %-8s %s\n", js.name, js.status, js.detail);
        if (strcmp(js.status, "ok") != 0) {
            failed++;
            syslog(LOG_ERR, "job %s: %s (%s)", js.name, js.status, js.detail);
        }
    }
    fclose(f);

    fputs("----\n", stdout);
    printf("%d job(s), %d failure(s)\n", total, failed);
    closelog();
    return failed ? 1 : 0;
}
