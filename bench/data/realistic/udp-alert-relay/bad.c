/* alertrelay: receives alert datagrams from sensors and passes them to syslog */
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <syslog.h>
#include <unistd.h>

#define RELAY_PORT 5140
#define MAX_DGRAM 1024

struct alert {
    int severity;
    char text[MAX_DGRAM];
};

/* "<digit> text": severity 0..7 then the message */
static int parse_alert(const char *buf, size_t len, struct alert *a)
{
    if (len < 3 || buf[0] < '0' || buf[0] > '7' || buf[1] != ' ')
        return -1;
    a->severity = buf[0] - '0';
    len -= 2;
    if (len >= sizeof a->text)
        len = sizeof a->text - 1;
    memcpy(a->text, buf + 2, len);
    a->text[len] = '\0';
    a->text[strcspn(a->text, "\r\n")] = '\0';
    return 0;
}

static void forward(const struct alert *a)
{
    int prio = a->severity <= LOG_ERR ? LOG_ERR : a->severity;

    syslog(prio, a->text); /* FLAW: CWE-134 */
}

int main(void)
{
    struct sockaddr_in addr;
    char buf[MAX_DGRAM];
    struct alert a;
    ssize_t n;
    int s;

    openlog("alertrelay", LOG_PID, LOG_DAEMON);
    s = socket(AF_INET, SOCK_DGRAM, 0);
    if (s < 0)
        return 1;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(RELAY_PORT);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(s, (struct sockaddr *)&addr, sizeof addr) != 0) {
        syslog(LOG_ERR, "bind failed: %m");
        close(s);
        return 1;
    }
    for (;;) {
        n = recvfrom(s, buf, sizeof buf, 0, NULL, NULL);
        if (n < 0)
            break;
        if (parse_alert(buf, (size_t)n, &a) == 0)
            forward(&a);
    }
    close(s);
    closelog();
    return 0;
}
