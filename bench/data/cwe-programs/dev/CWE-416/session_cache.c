/* session_cache: toy login shell. Commands on stdin:
 *   login NAME   - start a session
 *   logout       - end the current session
 *   whoami       - print the current user and session age
 *   last         - print who was logged in before
 *   quit
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct session {
    char user[32];
    time_t started;
    unsigned commands;
} session_t;

static session_t *current;
static session_t *previous;

static session_t *session_new(const char *user)
{
    session_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    snprintf(s->user, sizeof s->user, "%s", user);
    s->started = time(NULL);
    return s;
}

static void session_end(session_t *s)
{
    printf("bye %s (%u commands)\n", s->user, s->commands);
    free(s);
}

int main(void)
{
    char line[128], arg[64];

    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "login %63s", arg) == 1) {
            if (current) {
                printf("already logged in as %s\n", current->user);
                continue;
            }
            current = session_new(arg);
            if (!current) {
                perror("calloc");
                return 1;
            }
            printf("welcome %s\n", current->user);
        } else if (strncmp(line, "logout", 6) == 0) {
            if (current) {
                previous = current;
                session_end(current);
                current = NULL;
            }
        } else if (strncmp(line, "whoami", 6) == 0) {
            if (!current) {
                puts("not logged in");
                continue;
            }
            current->commands++;
            printf("%s, session age %lds\n", current->user,
                   (long)(time(NULL) - current->started));
        } else if (strncmp(line, "last", 4) == 0) {
            if (previous)
                printf("last user: %s\n", previous->user); /* FLAW: CWE-416 */
            else
                puts("no previous session");
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        } else {
            puts("unknown command");
        }
    }
    if (current)
        session_end(current);
    return 0;
}
