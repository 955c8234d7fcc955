/*
 * audit_trail.c - records administrative actions in an audit file.
 *
 * usage: audit_trail ACTION [NOTE]
 * Writes a timestamped entry for the invoking user to AUDIT_LOG.
 */
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pwd.h>

#define AUDIT_LOG "/var/log/admin-audit.log"

static FILE *audit_fp;

static void audit_log(const char *fmt, ...)
{
    char stamp[32];
    time_t now = time(NULL);
    struct tm tmv;
    va_list ap;

    gmtime_r(&now, &tmv);
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tmv);
    fprintf(audit_fp, "%s ", stamp);

    va_start(ap, fmt);
    vfprintf(audit_fp, fmt, ap);
    va_end(ap);
    fputc('\n', audit_fp);
}

static const char *current_user(void)
{
    struct passwd *pw = getpwuid(getuid());
    return pw ? pw->pw_name : "unknown";
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s ACTION [NOTE]\n", argv[0]);
        return 2;
    }
    audit_fp = fopen(AUDIT_LOG, "a");
    if (audit_fp == NULL) {
        perror(AUDIT_LOG);
        return 1;
    }

    audit_log("user=%s uid=%d action=%s", current_user(), (int)getuid(), argv[1]);
    if (argc == 3)
        audit_log(argv[2]); /* FLAW: CWE-134 */

    if (fclose(audit_fp) != 0) {
        perror(AUDIT_LOG);
        return 1;
    }
    return 0;
}
