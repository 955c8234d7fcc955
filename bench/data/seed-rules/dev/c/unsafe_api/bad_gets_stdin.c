#include <stdio.h>
#include <string.h>

char *gets(char *);

static int is_yes(const char *answer)
{
    return strcmp(answer, "y") == 0 || strcmp(answer, "yes") == 0;
}

int main(void)
{
    char answer[8];

    printf("Delete all records? ");
    fflush(stdout);
    if (gets(answer) == NULL) /* FLAW: unsafe_api */
        return 1;
    if (is_yes(answer))
        puts("deleting...");
    else
        puts("aborted");
    return 0;
}
