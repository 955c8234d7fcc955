/*
 * config_permission_check.c - loads the daemon's configuration only
 * when the file is trustworthy: a regular file owned by root and not writable
 * by group or others. All checks are made on the opened descriptor.
 *
 * usage: config_permission_check [CONFIG]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#define DEFAULT_CONFIG "/etc/syncd/syncd.conf"

typedef struct {
    int interval;
    char target[256];
} settings;

static FILE *open_trusted(const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    FILE *f;

    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != 0 ||
        (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        fprintf(stderr, "%s: insecure ownership or permissions\n", path);
        close(fd);
        return NULL;
    }
    if ((f = fdopen(fd, "r")) == NULL)
        close(fd);
    return f;
}

static int parse(FILE *f, settings *s)
{
    char line[512], key[64], val[256];

    s->interval = 300;
    s->target[0] = '\0';
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, " %63[a-z_] = %255s", key, val) != 2)
            continue;
        if (strcmp(key, "interval") == 0)
            s->interval = atoi(val);
        else if (strcmp(key, "target") == 0)
            snprintf(s->target, sizeof s->target, "%s", val);
    }
    return s->target[0] && s->interval > 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : DEFAULT_CONFIG;
    settings s;
    FILE *f = open_trusted(path);
    int rc;

    if (f == NULL)
        return 1;
    rc = parse(f, &s);
    fclose(f);
    if (rc != 0) {
        fprintf(stderr, "%s: target and interval are required\n", path);
        return 1;
    }
    printf("syncing to %s every %d s\n", s.target, s.interval);
    return 0;
}
