/* logging helpers shared by the daemons (library code) */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

static FILE *log_out;

void log_open(FILE *f)
{
    log_out = f;
}

void log_printf(const char *fmt, ...)
{
    va_list ap;
    if (log_out == NULL)
        return;
    va_start(ap, fmt);
    vfprintf(log_out, fmt, ap);
    va_end(ap);
}

/* logs a message received from a peer, prefixed with the time */
void log_peer_message(const char *peer, const char *msg)
{
    if (log_out == NULL)
        return;
    fprintf(log_out, "%ld %s: ", (long)time(NULL), peer);
    fprintf(log_out, msg); /* FLAW: CWE-134 */
    fputc('\n', log_out);
}
