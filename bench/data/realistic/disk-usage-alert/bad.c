/* dfwatch: warns in syslog about file systems above a usage threshold (run from cron) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#define DEFAULT_LIMIT 90

struct fsinfo {
    char mount[256];
    int used_pct;
};

/* one line of `df -P`: Filesystem 1024-blocks Used Available Capacity Mounted-on */
static int parse_df_line(const char *line, struct fsinfo *fs)
{
    char dev[256];
    unsigned long blocks, used, avail;

    if (sscanf(line, "%255s %lu %lu %lu %d%% %255s", dev, &blocks, &used, &avail,
               &fs->used_pct, fs->mount) != 6)
        return -1;
    return 0;
}

static void warn_full(const struct fsinfo *fs, int limit)
{
    char msg[400];

    snprintf(msg, sizeof msg, "%s is %d%% full (limit %d%%)", fs->mount, fs->used_pct, limit);
    syslog(LOG_WARNING, msg); /* FLAW: CWE-134 */
}

int main(int argc, char **argv)
{
    char line[600];
    struct fsinfo fs;
    int limit = argc > 1 ? atoi(argv[1]) : DEFAULT_LIMIT;
    int alerts = 0;
    FILE *df;

    if (limit <= 0 || limit > 100)
        limit = DEFAULT_LIMIT;
    openlog("dfwatch", LOG_PID, LOG_USER);
    df = popen("df -P", "r");
    if (df == NULL) {
        syslog(LOG_ERR, "cannot run df");
        return 1;
    }
    if (fgets(line, sizeof line, df) == NULL) {
        pclose(df);
        return 1;
    }
    while (fgets(line, sizeof line, df) != NULL) {
        if (parse_df_line(line, &fs) == 0 && fs.used_pct >= limit) {
            warn_full(&fs, limit);
            alerts++;
        }
    }
    pclose(df);
    closelog();
    return alerts > 0 ? 2 : 0;
}
