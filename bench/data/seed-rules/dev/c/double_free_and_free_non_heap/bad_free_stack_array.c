#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *pick_buffer(size_t need, char *small, size_t small_len)
{
    return need <= small_len ? small : malloc(need);
}

int main(int argc, char **argv)
{
    char small[64];
    char *buf;
    size_t need;

    if (argc < 2)
        return 1;
    need = strlen(argv[1]) + 1;
    buf = pick_buffer(need, small, sizeof small);
    if (buf == NULL)
        return 1;
    for (size_t i = 0; i < need; i++)
        buf[i] = argv[1][i];
    puts(buf);
    /* buf may or may not alias the stack array */
    free(small); /* FLAW: double_free_and_free_non_heap */
    return 0;
}
