/*
 * sessh - line-oriented front end used by the kiosk terminals.
 *
 * Commands (one per line on standard input):
 *   login NAME     start a session for NAME
 *   logout         end the current session
 *   whoami         print the current user
 *   say TEXT       post TEXT as the current user
 *   history        show the number of posts in this session
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NAME_LIMIT 32

struct session
{
    char *user;          /* NULL when nobody is logged in */
    time_t since;
    unsigned posts;
};

static void end_session(struct session *s)
{
    if (s->user != NULL)
    {
        printf("session ended (%u posts)\n", s->posts);
        free(s->user); /* FLAW: CWE-415 */
    }
    s->posts = 0;
}

static int start_session(struct session *s, const char *name)
{
    char *copy;

    if (*name == '\0' || strlen(name) > NAME_LIMIT)
    {
        puts("login: invalid name");
        return -1;
    }
    copy = strdup(name);
    if (copy == NULL)
        return -1;
    if (s->user != NULL)
        end_session(s);
    s->user = copy;
    s->since = time(NULL);
    s->posts = 0;
    printf("welcome %s\n", s->user);
    return 0;
}

static void run_command(struct session *s, char *line)
{
    char *arg = strchr(line, ' ');

    if (arg != NULL)
        *arg++ = '\0';
    else
        arg = line + strlen(line);

    if (strcmp(line, "login") == 0)
        start_session(s, arg);
    else if (strcmp(line, "logout") == 0)
        end_session(s);
    else if (strcmp(line, "whoami") == 0)
        printf("%s\n", s->user != NULL ? s->user : "(nobody)"); /* FLAW: CWE-416 */
    else if (strcmp(line, "say") == 0)
    {
        if (s->user == NULL)
            puts("say: not logged in");
        else
        {
            printf("<%s> %s\n", s->user, arg); /* FLAW: CWE-416 */
            s->posts++;
        }
    }
    else if (strcmp(line, "history") == 0)
        printf("%u posts since %ld\n", s->posts, (long)s->since);
    else if (line[0] != '\0')
        puts("unknown command");
}

int main(void)
{
    struct session s = { NULL, 0, 0 };
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;

    while ((len = getline(&line, &cap, stdin)) != -1)
    {
        if (len > 0 && line[len - 1] == '\n')
            line[len - 1] = '\0';
        run_command(&s, line);
    }
    free(line);
    end_session(&s);
    return 0;
}
