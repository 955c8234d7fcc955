/*
 * nightly-backup - write a gzip'ed tar archive of $BACKUP_SOURCE to a
 * dated file in $BACKUP_DEST and print its size and Adler-32 checksum,
 * which the monitoring job compares with the copy on the backup host.
 *
 * Environment:
 *   BACKUP_SOURCE   directory to archive (required)
 *   BACKUP_DEST     directory for the archives (default /var/backups)
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_DEST "/var/backups"
#define TAR_PATH     "/bin/tar"
#define PATH_LEN     4096

static uint32_t adler32_update(uint32_t adler, const unsigned char *p, size_t n)
{
    uint32_t a = adler & 0xffff, b = adler >> 16;

    while (n-- > 0) {
        a = (a + *p++) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

int main(void)
{
    char outpath[PATH_LEN], cmd[PATH_LEN + 64], stamp[16];
    unsigned char buf[65536];
    unsigned long long total = 0;
    uint32_t sum = 1;
    const char *src, *dest;
    struct tm tm;
    time_t now;
    FILE *in, *out;
    size_t n;
    int fd, status, failed = 0;

    src = getenv("BACKUP_SOURCE");
    if (src == NULL || *src == '\0') {
        fprintf(stderr, "BACKUP_SOURCE is not set\n");
        return 2;
    }
    dest = getenv("BACKUP_DEST");
    if (dest == NULL || *dest == '\0')
        dest = DEFAULT_DEST;

    now = time(NULL);
    if (localtime_r(&now, &tm) == NULL ||
        strftime(stamp, sizeof stamp, "%Y%m%d", &tm) == 0)
        return 1;
    n = (size_t)snprintf(outpath, sizeof outpath, "%s/backup-%s.tar.gz", dest, stamp);
    if (n >= sizeof outpath) {
        fprintf(stderr, "BACKUP_DEST is too long\n");
        return 2;
    }

    fd = open(outpath, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || (out = fdopen(fd, "wb")) == NULL) {
        perror(outpath);
        if (fd >= 0)
            close(fd);
        return 1;
    }

    n = (size_t)snprintf(cmd, sizeof cmd, "%s -czf - -C %s .", TAR_PATH, src);
    if (n >= sizeof cmd) {
        fprintf(stderr, "BACKUP_SOURCE is too long\n");
        fclose(out);
        unlink(outpath);
        return 2;
    }
    in = popen(cmd, "r"); /* FLAW: CWE-78 */
    if (in == NULL) {
        perror("popen");
        fclose(out);
        unlink(outpath);
        return 1;
    }

    while ((n = fread(buf, 1, sizeof buf, in)) > 0) {
        sum = adler32_update(sum, buf, n);
        total += n;
        if (fwrite(buf, 1, n, out) != n) {
            perror(outpath);
            failed = 1;
            break;
        }
    }

    status = pclose(in);
    if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        failed = 1;
    if (fclose(out) != 0)
        failed = 1;
    if (failed) {
        fprintf(stderr, "backup failed, removing %s\n", outpath);
        unlink(outpath);
        return 1;
    }
    printf("%s %llu bytes adler32=%08x\n", outpath, total, (unsigned)sum);
    return 0;
}
