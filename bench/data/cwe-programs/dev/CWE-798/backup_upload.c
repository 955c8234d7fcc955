/*
 * backup_upload.c - uploads a backup archive to the object store
 * gateway using its HTTP API.
 *
 * usage: BACKUP_API_KEY=... backup_upload ARCHIVE
 * The gateway address is taken from BACKUP_GATEWAY (host:port,
 * default 127.0.0.1:9000).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libgen.h>
#include <unistd.h>
#include <netdb.h>
#include <sys/stat.h>
#include <sys/socket.h>

static int dial(const char *hostport)
{
    char host[128], port[8] = "9000";
    struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *ai;
    int fd;

    if (sscanf(hostport, "%127[^:]:%7s", host, port) < 1 || getaddrinfo(host, port, &hints, &ai) != 0)
        return -1;
    fd = socket(ai->ai_family, ai->ai_socktype, 0);
    if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        close(fd);
        fd = -1;
    }
    freeaddrinfo(ai);
    return fd;
}

int main(int argc, char **argv)
{
    const char *key = getenv("BACKUP_API_KEY");
    const char *gw = getenv("BACKUP_GATEWAY");
    char hdr[1024], buf[16384], pathcopy[1024];
    struct stat st;
    FILE *in;
    size_t n;
    int fd, len;

    if (argc != 2 || key == NULL || *key == '\0') {
        fprintf(stderr, "usage: BACKUP_API_KEY=... %s ARCHIVE\n", argv[0]);
        return 2;
    }
    if ((in = fopen(argv[1], "rb")) == NULL || fstat(fileno(in), &st) != 0) {
        perror(argv[1]);
        return 1;
    }
    snprintf(pathcopy, sizeof pathcopy, "%s", argv[1]);
    len = snprintf(hdr, sizeof hdr,
                   "PUT /backups/%s HTTP/1.1\r\nHost: backup-gateway\r\n"
                   "X-Api-Key: %s\r\nContent-Length: %lld\r\nConnection: close\r\n\r\n",
                   basename(pathcopy), key, (long long)st.st_size);
    if (len < 0 || (size_t)len >= sizeof hdr || (fd = dial(gw ? gw : "127.0.0.1:9000")) < 0) {
        fprintf(stderr, "cannot reach backup gateway\n");
        fclose(in);
        return 1;
    }
    if (send(fd, hdr, (size_t)len, MSG_NOSIGNAL) != len)
        goto fail;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (send(fd, buf, n, MSG_NOSIGNAL) != (ssize_t)n)
            goto fail;
    fclose(in);
    close(fd);
    printf("uploaded %s (%lld bytes)\n", argv[1], (long long)st.st_size);
    return 0;
fail:
    perror("upload");
    fclose(in);
    close(fd);
    return 1;
}
