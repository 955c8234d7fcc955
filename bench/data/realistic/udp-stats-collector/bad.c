/*
 * statsd-lite: counts "name:value|c" metrics received over UDP and prints
 * the totals every 100 datagrams.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define PORT 8125
#define MAX_METRICS 64
#define NAME_LEN 48

struct metric {
    char name[NAME_LEN];
    long total;
};

static struct metric metrics[MAX_METRICS];
static int nmetrics;

static void add_metric(const char *name, long value)
{
    for (int i = 0; i < nmetrics; i++) {
        if (strcmp(metrics[i].name, name) == 0) {
            metrics[i].total += value;
            return;
        }
    }
    if (nmetrics == MAX_METRICS)
        return;
    snprintf(metrics[nmetrics].name, sizeof metrics[nmetrics].name, "%s", name);
    metrics[nmetrics].total = value;
    nmetrics++;
}

static void handle_datagram(char *msg)
{
    char *colon = strchr(msg, ':');
    char *bar;

    if (colon == NULL)
        return;
    *colon = '\0';
    bar = strchr(colon + 1, '|');
    if (bar == NULL || strcmp(bar, "|c") != 0)
        return;
    add_metric(msg, strtol(colon + 1, NULL, 10));
}

int main(void)
{
    struct sockaddr_in addr;
    char buf[512];
    unsigned long seen = 0;
    int fd = socket(AF_INET, SOCK_DGRAM, 0);

    if (fd < 0) {
        perror("socket");
        return 1;
    }
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(PORT);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        perror("bind");
        close(fd);
        return 1;
    }
    for (;;) {
        ssize_t n = recvfrom(fd, buf, sizeof buf, 0, NULL, NULL);
        if (n < 0)
            continue;
        buf[n] = '\0'; /* FLAW: CWE-193 */
        handle_datagram(buf);
        if (++seen % 100 == 0)
            for (int i = 0; i < nmetrics; i++)
                printf("%s %ld\n", metrics[i].name, metrics[i].total);
    }
}
