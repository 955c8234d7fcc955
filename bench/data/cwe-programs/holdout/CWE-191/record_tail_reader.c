/*
 * record_tail_reader - print the last N bytes of a file, the way
 * `tail -c N` does, after loading it into memory.
 */
#include <stdio.h>
#include <stdlib.h>

static unsigned char *load_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    unsigned char *buf = NULL, *tmp;
    size_t cap = 0, n;

    *len = 0;
    if (!fp)
        return NULL;
    for (;;) {
        if (*len == cap) {
            cap = cap ? cap * 2 : 4096;
            tmp = realloc(buf, cap);
            if (!tmp) {
                free(buf);
                fclose(fp);
                return NULL;
            }
            buf = tmp;
        }
        n = fread(buf + *len, 1, cap - *len, fp);
        if (n == 0)
            break;
        *len += n;
    }
    fclose(fp);
    return buf;
}

int main(int argc, char **argv)
{
    unsigned char *data;
    size_t len, start;
    unsigned long want;
    char *end;

    if (argc != 3) {
        fprintf(stderr, "usage: %s BYTES FILE\n", argv[0]);
        return 2;
    }
    want = strtoul(argv[1], &end, 10);
    if (*end != '\0' || want == 0) {
        fprintf(stderr, "invalid byte count\n");
        return 2;
    }
    data = load_file(argv[2], &len);
    if (!data) {
        perror(argv[2]);
        return 1;
    }

    start = len - want; /* FLAW: CWE-191 */
    fwrite(data + start, 1, want, stdout);
    free(data);
    return 0;
}
