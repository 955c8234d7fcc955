/*
 * rbcat - print the records of an "RB" stream read from standard input.
 *
 * The stream is what the old data loggers emit: every record starts with
 * the magic bytes 'R' 'B', then a 16-bit big-endian length, then that many
 * bytes of text scrambled with a constant XOR key.  Each record is printed
 * on its own line with non-printable bytes shown as \xNN.
 *
 * usage: rbcat < capture.rb
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_REC      1024
#define INPUT_MAX    (16u * 1024 * 1024)
#define SCRAMBLE_KEY 0x5a

static void print_record(unsigned long no, const unsigned char *rec, size_t len)
{
    size_t i;

    printf("%6lu  ", no);
    for (i = 0; i < len; i++) {
        if (isprint(rec[i]) && rec[i] != '\\')
            putchar(rec[i]);
        else
            printf("\\x%02x", rec[i]);
    }
    putchar('\n');
}

int main(void)
{
    unsigned char rec[MAX_REC];
    unsigned char *data = NULL, *nb;
    unsigned long count = 0;
    size_t total = 0, cap = 0, off = 0, i;
    int rc = 0;

    /* slurp standard input, at most INPUT_MAX bytes */
    for (;;) {
        ssize_t r;

        if (total == cap) {
            if (cap == INPUT_MAX) {
                fprintf(stderr, "rbcat: input too large\n");
                free(data);
                return 1;
            }
            cap = cap ? cap * 2 : 4096;
            nb = realloc(data, cap);
            if (nb == NULL) {
                perror("rbcat");
                free(data);
                return 1;
            }
            data = nb;
        }
        r = read(STDIN_FILENO, data + total, cap - total);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            perror("rbcat: read");
            free(data);
            return 1;
        }
        if (r == 0)
            break;
        total += (size_t)r;
    }

    while (off < total) {
        uint16_t len;

        if (total - off < 4) {
            fprintf(stderr, "rbcat: truncated header after record %lu\n", count);
            rc = 1;
            break;
        }
        if (data[off] != 'R' || data[off + 1] != 'B') {
            fprintf(stderr, "rbcat: wrong magic after record %lu\n", count);
            rc = 1;
            break;
        }
        len = (uint16_t)((data[off + 2] << 8) | data[off + 3]);
        if (len > MAX_REC || len > (long)(total - off - 4)) {
            fprintf(stderr, "rbcat: record %lu too long (%d bytes)\n",
                    count + 1, len);
            rc = 1;
            break;
        }

        /* records are stored scrambled with a constant XOR key */
        memcpy(rec, data + off + 4, len);
        for (i = 0; i < (size_t)len; i++)
            rec[i] ^= SCRAMBLE_KEY;
        print_record(++count, rec, (size_t)len);
        off += 4 + (size_t)len;
    }
    free(data);
    return rc;
}
