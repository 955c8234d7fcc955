/*
 * libmetrics: pushes one gauge value to the metrics gateway over an already
 * connected socket.  No main; the agent calls metrics_push().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

#define GATEWAY_HOST "metrics.internal"
#define API_KEY_ENV "METRICS_API_KEY"

static int send_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = send(fd, buf, len, 0);
        if (n <= 0)
            return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

static int valid_metric_name(const char *name)
{
    size_t n = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_.");
    return n > 0 && name[n] == '\0' && n < 64;
}

int metrics_push(int fd, const char *name, double value)
{
    char body[128];
    char req[512];
    int blen, rlen;
    /* the key is deployment configuration, handed to the agent by its unit file */
    const char *key = getenv(API_KEY_ENV);

    if (key == NULL || *key == '\0' || !valid_metric_name(name))
        return -1;
    blen = snprintf(body, sizeof body, "%s %.6g\n", name, value);
    if (blen < 0 || (size_t)blen >= sizeof body)
        return -1;
    rlen = snprintf(req, sizeof req,
                    "POST /v1/push HTTP/1.1\r\n"
                    "Host: %s\r\n"
                    "X-Api-Key: %s\r\n"
                    "Content-Length: %d\r\n\r\n%s",
                    GATEWAY_HOST, key, blen, body);
    if (rlen < 0 || (size_t)rlen >= sizeof req)
        return -1;
    return send_all(fd, req, (size_t)rlen);
}
