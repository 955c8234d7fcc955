#include <stdio.h>
#include <syslog.h>

struct event {
    int code;
    const char *detail;
};

void log_event(const struct event *ev)
{
    char banner[64];

    openlog("eventd", LOG_PID, LOG_DAEMON);
    syslog(ev->code >= 500 ? LOG_ERR : LOG_INFO, "event %d: %s", ev->code, ev->detail);
    snprintf(banner, sizeof banner, "%s", ev->detail);
    syslog(LOG_DEBUG, "%s", banner);
    closelog();
}
