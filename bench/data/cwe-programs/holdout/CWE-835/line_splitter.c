/*
 * line_splitter.c - splits a large text file into numbered parts of
 * at most N lines each (part-0001.txt, part-0002.txt, ...).
 *
 * usage: line_splitter FILE LINES_PER_PART
 */
#include <stdio.h>
#include <stdlib.h>

#define MAX_PARTS 9999

int main(int argc, char **argv)
{
    char *line = NULL, name[32];
    size_t cap = 0;
    long per_part, in_part = 0;
    int part = 0;
    FILE *in, *out = NULL;

    if (argc != 3 || (per_part = strtol(argv[2], NULL, 10)) < 1) {
        fprintf(stderr, "usage: %s FILE LINES_PER_PART (>= 1)\n", argv[0]);
        return 2;
    }
    if ((in = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    /* getline returns -1 at end of file, so the loop always terminates. */
    while (getline(&line, &cap, in) != -1) {
        if (out == NULL || in_part == per_part) {
            if (out && fclose(out) != 0)
                goto fail;
            if (++part > MAX_PARTS) {
                fprintf(stderr, "too many parts\n");
                out = NULL;
                goto fail;
            }
            snprintf(name, sizeof name, "part-%04d.txt", part);
            if ((out = fopen(name, "w")) == NULL)
                goto fail;
            in_part = 0;
        }
        if (fputs(line, out) == EOF)
            goto fail;
        in_part++;
    }
    free(line);
    fclose(in);
    if (out && fclose(out) != 0)
        return 1;
    printf("%d part(s) written\n", part);
    return 0;
fail:
    perror("split");
    free(line);
    fclose(in);
    if (out)
        fclose(out);
    return 1;
}
