#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct session {
    char *token;
};

void session_logout(struct session *s)
{
    free(s->token);
    s->token = NULL;
}

void session_print(const struct session *s)
{
    if (s->token != NULL)
        printf("token=%s\n", s->token);
    else
        printf("logged out\n");
}

int main(void)
{
    struct session s;

    s.token = strdup("abc123");
    if (s.token == NULL)
        return 1;
    session_print(&s);
    session_logout(&s);
    session_print(&s);
    return 0;
}
