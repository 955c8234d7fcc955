/*
 * metrics_push.c - pushes host metrics to the monitoring gateway.
 *
 * Collects load average and memory figures and POSTs them as JSON to
 * the gateway's ingest endpoint over a plain TCP connection to the
 * local TLS-terminating sidecar.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/sysinfo.h>

#define SIDECAR_HOST "127.0.0.1"
#define SIDECAR_PORT "8125"

static int connect_sidecar(void)
{
    struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM };
    struct addrinfo *res;
    int fd;

    if (getaddrinfo(SIDECAR_HOST, SIDECAR_PORT, &hints, &res) != 0)
        return -1;
    fd = socket(res->ai_family, res->ai_socktype, res->ai_protocol);
    if (fd >= 0 && connect(fd, res->ai_addr, res->ai_addrlen) != 0) {
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    return fd;
}

int main(void)
{
    struct sysinfo si;
    char host[64], body[256], req[1024];
    int fd, blen, rlen;

    if (sysinfo(&si) != 0 || gethostname(host, sizeof host) != 0) {
        perror("collect");
        return 1;
    }
    host[sizeof host - 1] = '\0';
    blen = snprintf(body, sizeof body,
                    "{\"host\":\"%s\",\"load1\":%.2f,\"freeram\":%lu,\"procs\":%u}",
                    host, si.loads[0] / 65536.0, si.freeram * si.mem_unit, si.procs);

    rlen = snprintf(req, sizeof req,
                    "POST /v1/ingest HTTP/1.1\r\n"
                    "Host: metrics.internal\r\n"
                    "Authorization: Bearer mk_live_7f3a9c21e4b84d0f9a6e1c55d2b0a7e3\r\n" /* FLAW: CWE-798 */
                    "Content-Type: application/json\r\n"
                    "Content-Length: %d\r\n"
                    "Connection: close\r\n\r\n%s", blen, body);
    if (blen < 0 || rlen < 0 || (size_t)rlen >= sizeof req)
        return 1;

    if ((fd = connect_sidecar()) < 0) {
        fprintf(stderr, "metrics sidecar unreachable\n");
        return 1;
    }
    if (send(fd, req, (size_t)rlen, 0) != rlen) {
        perror("send");
        close(fd);
        return 1;
    }
    close(fd);
    return 0;
}
