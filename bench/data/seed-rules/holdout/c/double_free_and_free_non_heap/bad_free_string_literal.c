#include <stdlib.h>
#include <string.h>

struct profile {
    char *nickname;
    int level;
};

void profile_init(struct profile *p, const char *nick)
{
    p->nickname = nick ? strdup(nick) : NULL;
    if (p->nickname == NULL)
        p->nickname = "anonymous";
    p->level = 0;
}

void profile_reset(struct profile *p, int *counter)
{
    free(p->nickname);
    free("anonymous"); /* FLAW: double_free_and_free_non_heap */
    free(&p->level); /* FLAW: double_free_and_free_non_heap */
    free(counter);
}
