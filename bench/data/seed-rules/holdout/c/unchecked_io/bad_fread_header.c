#include <stdint.h>
#include <stdio.h>

struct wav_header {
    char riff[4];
    uint32_t size;
    char wave[4];
};

int wav_size(const char *path, uint32_t *size_out)
{
    struct wav_header hdr;
    FILE *fp = fopen(path, "rb");

    if (fp == NULL)
        return -1;
    fread(&hdr, sizeof hdr, 1, fp); /* FLAW: unchecked_io */
    fclose(fp); /* FLAW: unchecked_io */
    *size_out = hdr.size;
    return 0;
}
