#include <stdio.h>
#include <string.h>

struct user_record {
    char first[32];
    char last[32];
    int id;
};

/* Render a record into an output buffer of out_size bytes; returns -1 on truncation. */
int format_label(char *out, size_t out_size, const struct user_record *rec)
{
    int n = snprintf(out, out_size, "#%d %s %s", rec->id, rec->first, rec->last);
    if (n < 0 || (size_t)n >= out_size)
        return -1;
    return 0;
}

int read_answer(char *answer, size_t size)
{
    if (fgets(answer, (int)size, stdin) == NULL)
        return -1;
    answer[strcspn(answer, "\n")] = '\0';
    return 0;
}
