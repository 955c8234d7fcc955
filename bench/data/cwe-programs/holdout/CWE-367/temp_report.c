/*
 * temp_report.c - nightly job (run as root) that writes a disk usage
 * report to /tmp/du-report-<date>.txt for the monitoring agent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

static const char *MOUNTS[] = { "/", "/var", "/home", "/srv" };

static int report_path(char *buf, size_t cap)
{
    time_t now = time(NULL);
    struct tm tmv;
    if (!localtime_r(&now, &tmv))
        return -1;
    return strftime(buf, cap, "/tmp/du-report-%Y%m%d.txt", &tmv) ? 0 : -1;
}

static int open_report(const char *path)
{
    struct stat st;

    if (stat(path, &st) == 0) {
        fprintf(stderr, "%s exists, report already written today\n", path);
        return -1;
    }
    if (errno != ENOENT)
        return -1;
    return open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); /* FLAW: CWE-367 */
}

int main(void)
{
    char path[64];
    int fd;
    FILE *out;

    if (report_path(path, sizeof path) != 0)
        return 1;
    if ((fd = open_report(path)) < 0)
        return 1;
    if ((out = fdopen(fd, "w")) == NULL) {
        close(fd);
        return 1;
    }
    for (size_t i = 0; i < sizeof MOUNTS / sizeof MOUNTS[0]; i++) {
        struct statvfs vfs;
        if (statvfs(MOUNTS[i], &vfs) != 0)
            continue;
        unsigned long long total = (unsigned long long)vfs.f_blocks * vfs.f_frsize;
        unsigned long long avail = (unsigned long long)vfs.f_bavail * vfs.f_frsize;
        fprintf(out, "%-8s %12llu %12llu %5.1f%%\n", MOUNTS[i], total / 1024, avail / 1024,
                total ? 100.0 * (double)(total - avail) / (double)total : 0.0);
    }
    return fclose(out) == 0 ? 0 : 1;
}
