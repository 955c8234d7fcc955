/*
 * message_queue.c - in-memory queue fed by length-framed messages
 * from a TCP producer.
 *
 * Wire format: 4-byte big-endian length, then that many payload bytes.
 * Messages are queued until the producer disconnects and then printed
 * in arrival order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <sys/socket.h>

#define MAX_MSG (64u * 1024 * 1024)

typedef struct msg {
    struct msg *next;
    uint32_t len;
    unsigned char payload[];
} msg_t;

static int read_full(int fd, void *buf, size_t n)
{
    unsigned char *p = buf;
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r <= 0)
            return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

static msg_t *recv_msg(int fd)
{
    uint32_t be_len, len;
    msg_t *m;

    if (read_full(fd, &be_len, sizeof be_len) != 0)
        return NULL;
    len = ntohl(be_len);
    if (len > MAX_MSG)
        return NULL;
    m = malloc(sizeof *m + len); /* FLAW: CWE-252 */
    m->next = NULL;
    m->len = len;
    if (read_full(fd, m->payload, len) != 0) {
        free(m);
        return NULL;
    }
    return m;
}

int main(void)
{
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(9400) };
    msg_t *head = NULL, **tail = &head, *m;
    int srv, cli, count = 0;

    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if ((srv = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
        bind(srv, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(srv, 1) < 0) {
        perror("listen");
        return 1;
    }
    if ((cli = accept(srv, NULL, NULL)) < 0) {
        perror("accept");
        return 1;
    }
    while ((m = recv_msg(cli)) != NULL) {
        *tail = m;
        tail = &m->next;
        count++;
    }
    close(cli);
    close(srv);

    printf("%d message(s)\n", count);
    while (head) {
        m = head->next;
        printf("[%u bytes] %.*s\n", head->len, (int)(head->len > 60 ? 60 : head->len),
               (const char *)head->payload);
        free(head);
        head = m;
    }
    return 0;
}
