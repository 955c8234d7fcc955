/*
 * config_port_reader - read the listening address of a service from its
 * configuration file and open a listening TCP socket on it.
 *
 * Config lines: "bind ADDRESS" and "port NUMBER".
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct listen_cfg {
    char addr[64];
    int port;
};

static int load_cfg(const char *path, struct listen_cfg *cfg)
{
    FILE *fp = fopen(path, "r");
    char line[128], val[64];

    if (!fp)
        return -1;
    strcpy(cfg->addr, "0.0.0.0");
    while (fgets(line, sizeof line, fp)) {
        if (sscanf(line, "bind %63s", val) == 1)
            snprintf(cfg->addr, sizeof cfg->addr, "%s", val);
        else if (sscanf(line, "port %63s", val) == 1)
            cfg->port = atoi(val);
    }
    fclose(fp);
    return 0;
}

int main(int argc, char **argv)
{
    struct listen_cfg cfg;
    struct sockaddr_in sa;
    int fd;

    if (argc != 2 || load_cfg(argv[1], &cfg) != 0) {
        fprintf(stderr, "usage: %s CONFIG\n", argv[0]);
        return 1;
    }
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((unsigned short)cfg.port); /* FLAW: CWE-457 */
    if (inet_pton(AF_INET, cfg.addr, &sa.sin_addr) != 1) {
        fprintf(stderr, "invalid bind address %s\n", cfg.addr);
        return 1;
    }

    fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(fd, 16) < 0) {
        perror("listen");
        if (fd >= 0)
            close(fd);
        return 1;
    }
    printf("listening on %s:%u\n", cfg.addr, ntohs(sa.sin_port));
    close(fd);
    return 0;
}
