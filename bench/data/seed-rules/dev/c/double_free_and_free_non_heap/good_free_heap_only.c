#include <stdlib.h>
#include <string.h>

struct profile {
    char *nickname;
    int owns_nickname;
};

static const char default_nick[] = "anonymous";

void profile_init(struct profile *p, const char *nick)
{
    p->nickname = nick ? strdup(nick) : NULL;
    p->owns_nickname = p->nickname != NULL;
    if (!p->owns_nickname)
        p->nickname = (char *)default_nick;
}

void profile_reset(struct profile *p)
{
    if (p->owns_nickname)
        free(p->nickname);
    p->nickname = NULL;
    p->owns_nickname = 0;
}
