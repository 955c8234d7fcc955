/* logd: accepts one TCP client on port 5140 and appends each line it sends to the log */
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void log_line(FILE *log, const char *msg) {
    fprintf(log, msg); /* FLAW: CWE-134 */
    fputc('\n', log);
    fflush(log);
}

int main(void) {
    struct sockaddr_in addr;
    char buf[512];
    int srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0) return 1;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(5140);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(srv, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(srv, 1) < 0) return 1;
    int cli = accept(srv, NULL, NULL);
    if (cli < 0) return 1;
    for (;;) {
        ssize_t n = recv(cli, buf, sizeof buf - 1, 0);
        if (n <= 0) break;
        buf[n] = '\0';
        log_line(stderr, buf);
    }
    close(cli);
    close(srv);
    return 0;
}
