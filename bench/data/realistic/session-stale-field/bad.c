/* session bookkeeping for a chat server */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct session {
    int fd;
    char *nick;
    unsigned msgs;
};

struct session *session_new(int fd, const char *nick)
{
    struct session *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->fd = fd;
    s->nick = strdup(nick);
    if (s->nick == NULL) {
        free(s);
        return NULL;
    }
    return s;
}

int session_rename(struct session *s, const char *nick)
{
    char *copy = strdup(nick);
    if (copy == NULL)
        return -1;
    free(s->nick);
    printf("%s is now known as %s\n", s->nick, copy); /* FLAW: CWE-416 */
    s->nick = copy;
    return 0;
}

void session_free(struct session *s)
{
    if (s == NULL)
        return;
    free(s->nick);
    free(s);
}
