#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_request(FILE *in)
{
    char *line = malloc(128);
    if (line == NULL)
        return NULL;
    if (fgets(line, 128, in) == NULL) {
        free(line);
        return NULL;
    }
    return line;
}

int main(void)
{
    char *req = read_request(stdin);

    if (req == NULL)
        return 1;
    if (strncmp(req, "QUIT", 4) == 0) {
        free(req);
        fprintf(stderr, "client quit: %s", req); /* FLAW: uaf_suspect */
        return 0;
    }
    printf("request: %s", req);
    free(req);
    return 0;
}
