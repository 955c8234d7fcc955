/*
 * libaudit: append-only audit trail used by the account daemon.
 * No main: the daemon links this and calls audit_open()/audit_event().
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

struct audit {
    FILE *fp;
    unsigned long seq;
};

static struct audit g_audit;

int audit_open(const char *path)
{
    g_audit.fp = fopen(path, "a");
    if (g_audit.fp == NULL)
        return -1;
    g_audit.seq = 0;
    return 0;
}

/* every record gets a sequence number and a timestamp so gaps are visible */
static void audit_vwrite(const char *fmt, va_list ap)
{
    char stamp[32];
    time_t now = time(NULL);
    struct tm tmv;

    if (g_audit.fp == NULL)
        return;
    localtime_r(&now, &tmv);
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &tmv);
    fprintf(g_audit.fp, "%lu %s ", ++g_audit.seq, stamp);
    vfprintf(g_audit.fp, fmt, ap);
    fputc('\n', g_audit.fp);
    fflush(g_audit.fp);
}

static void audit_write(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    audit_vwrite(fmt, ap);
    va_end(ap);
}

void audit_event(const char *user, const char *what)
{
    if (user == NULL || what == NULL)
        return;
    audit_write("user=%s", user);
    audit_write("event=%s", what);
}

void audit_login_failed(const char *user, int attempts)
{
    audit_write("login failed for %s (%d attempts)", user, attempts);
}

void audit_close(void)
{
    if (g_audit.fp != NULL) {
        audit_write("audit closed");
        fclose(g_audit.fp);
        g_audit.fp = NULL;
    }
}
