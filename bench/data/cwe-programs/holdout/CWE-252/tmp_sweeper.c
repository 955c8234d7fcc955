/*
 * tmp_sweeper.c - cron job that removes stale files from an upload
 * spool directory.
 *
 * usage: tmp_sweeper SPOOL_DIR MAX_AGE_HOURS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dirent.h>
#include <unistd.h>
#include <sys/stat.h>

struct sweep_stats {
    unsigned scanned;
    unsigned removed;
    unsigned long long bytes;
};

static void sweep_cwd(time_t cutoff, struct sweep_stats *st)
{
    DIR *d = opendir(".");
    struct dirent *de;
    struct stat sb;

    if (d == NULL) {
        perror("opendir");
        return;
    }
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        if (lstat(de->d_name, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        st->scanned++;
        if (sb.st_mtime < cutoff && unlink(de->d_name) == 0) {
            st->removed++;
            st->bytes += (unsigned long long)sb.st_size;
        }
    }
    closedir(d);
}

int main(int argc, char *argv[])
{
    struct sweep_stats st = {0, 0, 0};
    long hours;
    time_t cutoff;

    if (argc != 3) {
        fprintf(stderr, "usage: %s SPOOL_DIR MAX_AGE_HOURS\n", argv[0]);
        return 2;
    }
    hours = strtol(argv[2], NULL, 10);
    if (hours < 1 || hours > 24 * 365) {
        fprintf(stderr, "MAX_AGE_HOURS must be between 1 and 8760\n");
        return 2;
    }
    cutoff = time(NULL) - (time_t)hours * 3600;

    chdir(argv[1]); /* FLAW: CWE-252 */
    sweep_cwd(cutoff, &st);

    printf("%s: scanned %u, removed %u (%llu bytes)\n",
           argv[1], st.scanned, st.removed, st.bytes);
    return 0;
}
