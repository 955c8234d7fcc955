#include <stdlib.h>

struct conn {
    int fd;
    int closed;
    struct conn *next;
};

struct conn *prune_closed(struct conn *head)
{
    struct conn **link = &head;
    struct conn *c = head;

    while (c != NULL) {
        struct conn *next = c->next;
        if (c->closed) {
            *link = next;
            free(c);
        } else {
            link = &c->next;
        }
        c = next;
    }
    return head;
}
