/*
 * control_server.c - control channel of the lab's motor controller.
 *
 * Clients connect over TCP and send 8-byte commands:
 *     u8 opcode | u8 axis | u16 reserved | i32 value (network order)
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <assert.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <sys/socket.h>

enum opcode { OP_HOME = 1, OP_MOVE = 2, OP_SPEED = 3, OP_STATUS = 4 };
#define NAXES 3

typedef struct {
    int32_t position[NAXES];
    int32_t speed[NAXES];
} machine_state;

static int recv_exact(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = recv(fd, (char *)buf + got, n - got, 0);
        if (r <= 0)
            return -1;
        got += (size_t)r;
    }
    return 0;
}

static void execute(machine_state *m, int fd, uint8_t op, uint8_t axis, int32_t value)
{
    char reply[96];

    if (axis >= NAXES) {
        (void)send(fd, "ERR axis\n", 9, MSG_NOSIGNAL);
        return;
    }
    switch (op) {
    case OP_HOME:   m->position[axis] = 0; break;
    case OP_MOVE:   m->position[axis] += value; break;
    case OP_SPEED:  m->speed[axis] = value; break;
    case OP_STATUS:
        snprintf(reply, sizeof reply, "axis %u pos %d speed %d\n",
                 (unsigned)axis, m->position[axis], m->speed[axis]);
        (void)send(fd, reply, strlen(reply), MSG_NOSIGNAL);
        return;
    default:
        assert(!"unknown opcode"); /* FLAW: CWE-617 */
        return;
    }
    (void)send(fd, "OK\n", 3, MSG_NOSIGNAL);
}

int main(void)
{
    static machine_state m;
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(4850) };
    unsigned char cmd[8];
    int srv, cli;

    sa.sin_addr.s_addr = htonl(INADDR_ANY);
    if ((srv = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
        bind(srv, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(srv, 4) < 0) {
        perror("control_server");
        return 1;
    }
    while ((cli = accept(srv, NULL, NULL)) >= 0) {
        while (recv_exact(cli, cmd, sizeof cmd) == 0) {
            uint32_t raw;
            memcpy(&raw, cmd + 4, 4);
            execute(&m, cli, cmd[0], cmd[1], (int32_t)ntohl(raw));
        }
        close(cli);
    }
    perror("accept");
    return 1;
}
