/*
 * syslog_forwarder.c - receives log lines from embedded devices over
 * UDP and writes them to the local syslog.
 *
 * Devices send datagrams of the form "<device-id>|<message>".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>
#include <netinet/in.h>
#include <sys/socket.h>

#define UDP_PORT 5140
#define MAX_DGRAM 1024

typedef struct {
    char device[32];
    char text[MAX_DGRAM];
} device_msg;

static int split_datagram(const char *raw, device_msg *m)
{
    const char *bar = strchr(raw, '|');
    size_t dlen;

    if (bar == NULL)
        return -1;
    dlen = (size_t)(bar - raw);
    if (dlen == 0 || dlen >= sizeof m->device)
        return -1;
    memcpy(m->device, raw, dlen);
    m->device[dlen] = '\0';
    snprintf(m->text, sizeof m->text, "[%s] %s", m->device, bar + 1);
    return 0;
}

int main(void)
{
    struct sockaddr_in addr;
    char raw[MAX_DGRAM];
    device_msg msg;
    int sock;

    openlog("devlog", LOG_PID | LOG_NDELAY, LOG_LOCAL3);

    sock = socket(AF_INET, SOCK_DGRAM, 0);
    if (sock < 0) {
        perror("socket");
        return 1;
    }
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(UDP_PORT);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(sock, (struct sockaddr *)&addr, sizeof addr) < 0) {
        perror("bind");
        return 1;
    }

    for (;;) {
        ssize_t n = recvfrom(sock, raw, sizeof raw - 1, 0, NULL, NULL);
        if (n <= 0)
            continue;
        raw[n] = '\0';
        raw[strcspn(raw, "\r\n")] = '\0';
        if (split_datagram(raw, &msg) != 0) {
            syslog(LOG_WARNING, "malformed datagram (%zd bytes)", n);
            continue;
        }
        syslog(LOG_INFO, msg.text); /* FLAW: CWE-134 */
    }
}
