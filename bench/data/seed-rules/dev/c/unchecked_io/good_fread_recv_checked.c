#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/types.h>

struct wav_header {
    char riff[4];
    uint32_t size;
    char wave[4];
};

int wav_size(const char *path, uint32_t *size_out)
{
    struct wav_header hdr;
    FILE *fp = fopen(path, "rb");
    size_t got;

    if (fp == NULL)
        return -1;
    got = fread(&hdr, sizeof hdr, 1, fp);
    if (fclose(fp) != 0 || got != 1)
        return -1;
    *size_out = hdr.size;
    return 0;
}

int echo_once(int sock)
{
    char buf[64];
    ssize_t n = recv(sock, buf, sizeof buf, 0);

    if (n <= 0)
        return -1;
    if (send(sock, buf, (size_t)n, 0) != n)
        return -1;
    return 0;
}
