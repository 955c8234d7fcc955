#include <syslog.h>

struct event {
    int code;
    const char *detail; /* copied from a network request */
};

void log_event(const struct event *ev)
{
    openlog("eventd", LOG_PID, LOG_DAEMON);
    if (ev->code >= 500)
        syslog(LOG_ERR, ev->detail); /* FLAW: format_string */
    else
        syslog(LOG_INFO, ev->detail); /* FLAW: format_string */
    closelog();
}
