#include <stdlib.h>

struct conn {
    int fd;
    int closed;
    struct conn *next;
};

/* Remove and free every closed connection from the list. */
struct conn *prune_closed(struct conn *head)
{
    struct conn **link = &head;
    struct conn *c;

    for (c = head; c != NULL; c = c->next) { /* FLAW: uaf_suspect */
        if (c->closed) {
            *link = c->next;
            free(c);
        } else {
            link = &c->next;
        }
    }
    return head;
}
