/*
 * ftp_sync.c - nightly export job: logs in to the partner's FTP server
 * and uploads the day's order export file.
 *
 * usage: ftp_sync HOST FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netdb.h>
#include <arpa/inet.h>
#include <sys/socket.h>

#define FTP_USER "orders_export"
#define FTP_PASS "Xp0rt!2023-orders"

static int tcp_connect(const char *host, const char *port)
{
    struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *ai;
    int fd;

    if (getaddrinfo(host, port, &hints, &ai) != 0)
        return -1;
    fd = socket(ai->ai_family, SOCK_STREAM, 0);
    if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        close(fd);
        fd = -1;
    }
    freeaddrinfo(ai);
    return fd;
}

/* Send a command (if any) and return the numeric reply code. */
static int ftp_cmd(FILE *ctl, int fd, const char *cmd, char *reply, size_t cap)
{
    if (cmd && dprintf(fd, "%s\r\n", cmd) < 0)
        return -1;
    do {
        if (!fgets(reply, (int)cap, ctl))
            return -1;
    } while (!(strlen(reply) > 3 && reply[3] == ' '));
    return atoi(reply);
}

int main(int argc, char **argv)
{
    char reply[512], cmd[300], port[8];
    unsigned h1, h2, h3, h4, p1, p2;
    int fd, dfd;
    FILE *ctl, *in;

    if (argc != 3 || (in = fopen(argv[2], "rb")) == NULL) {
        fprintf(stderr, "usage: %s HOST FILE\n", argv[0]);
        return 2;
    }
    if ((fd = tcp_connect(argv[1], "21")) < 0 || (ctl = fdopen(fd, "r")) == NULL)
        return 1;
    if (ftp_cmd(ctl, fd, NULL, reply, sizeof reply) != 220 ||
        ftp_cmd(ctl, fd, "USER " FTP_USER, reply, sizeof reply) != 331 ||
        ftp_cmd(ctl, fd, "PASS " FTP_PASS, reply, sizeof reply) != 230) { /* FLAW: CWE-798 */
        fprintf(stderr, "login failed: %s", reply);
        return 1;
    }
    if (ftp_cmd(ctl, fd, "TYPE I", reply, sizeof reply) != 200 ||
        ftp_cmd(ctl, fd, "PASV", reply, sizeof reply) != 227 ||
        sscanf(strchr(reply, '(') ? strchr(reply, '(') : "", "(%u,%u,%u,%u,%u,%u)",
               &h1, &h2, &h3, &h4, &p1, &p2) != 6)
        return 1;
    snprintf(port, sizeof port, "%u", (p1 & 0xff) * 256 + (p2 & 0xff));
    if ((dfd = tcp_connect(argv[1], port)) < 0)
        return 1;
    snprintf(cmd, sizeof cmd, "STOR %.200s", strrchr(argv[2], '/') ? strrchr(argv[2], '/') + 1 : argv[2]);
    if (ftp_cmd(ctl, fd, cmd, reply, sizeof reply) != 150)
        return 1;
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (write(dfd, buf, n) != (ssize_t)n)
            break;
    close(dfd);
    fclose(in);
    return ftp_cmd(ctl, fd, NULL, reply, sizeof reply) == 226 ? 0 : 1;
}
