/* libuser: a small user-record library (no main; linked into several tools) */
#include <stdlib.h>
#include <string.h>

struct user {
    unsigned uid;
    char name[32];
    char shell[64];
};

struct user *user_create(unsigned uid, const char *name, const char *shell)
{
    struct user *u;

    if (name == NULL || strlen(name) >= sizeof u->name)
        return NULL;
    u = malloc(sizeof *u);
    if (u == NULL)
        return NULL;
    u->uid = uid;
    strcpy(u->name, name);
    if (shell != NULL)
        strncpy(u->shell, shell, sizeof u->shell - 1);
    else
        strncpy(u->shell, "/bin/sh", sizeof u->shell - 1);
    u->shell[sizeof u->shell - 1] = '\0';
    return u;
}

void user_destroy(struct user *u)
{
    free(u);
}
