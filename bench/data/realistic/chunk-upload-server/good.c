/*
 * chunkd: receives an upload over TCP.  The client first sends a header
 * {u32 chunk_count, u32 chunk_size} in network order, then the chunks.
 * The whole upload is assembled in memory and written to upload.bin.
 */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_CHUNK (1u << 20)

struct upload_hdr {
    uint32_t count;
    uint32_t size;
};

static int recv_all(int fd, void *buf, size_t len)
{
    unsigned char *p = buf;

    while (len > 0) {
        ssize_t n = recv(fd, p, len, 0);
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

static unsigned char *receive_upload(int fd, size_t *out_len)
{
    struct upload_hdr h;
    unsigned char *data;
    size_t total;

    if (recv_all(fd, &h, sizeof h) != 0)
        return NULL;
    h.count = ntohl(h.count);
    h.size = ntohl(h.size);
    if (h.size == 0 || h.size > MAX_CHUNK)
        return NULL;
    if (__builtin_mul_overflow((size_t)h.count, (size_t)h.size, &total))
        return NULL;
    data = malloc(total);
    if (data == NULL)
        return NULL;
    for (uint32_t i = 0; i < h.count; i++) {
        if (recv_all(fd, data + (size_t)i * h.size, h.size) != 0) {
            free(data);
            return NULL;
        }
    }
    *out_len = total;
    return data;
}

int main(void)
{
    size_t len = 0;
    unsigned char *data = receive_upload(STDIN_FILENO, &len); /* run from inetd */
    FILE *out;

    if (data == NULL) {
        fprintf(stderr, "chunkd: bad upload\n");
        return 1;
    }
    out = fopen("upload.bin", "wb");
    if (out == NULL || fwrite(data, 1, len, out) != len) {
        perror("upload.bin");
        free(data);
        if (out != NULL)
            fclose(out);
        return 1;
    }
    fclose(out);
    free(data);
    return 0;
}
