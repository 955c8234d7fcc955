/* The fixed twin of session.c: the same service with each flaw repaired. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#define NAME_MAX_LEN 32

static pthread_mutex_t sessions_lock = PTHREAD_MUTEX_INITIALIZER;
static int session_count;

struct session {
    char user[NAME_MAX_LEN];
    unsigned token;
};

void session_read_user(struct session *s)
{
    char line[256];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    snprintf(s->user, sizeof s->user, "%s", line);
}

int session_new_token(unsigned *token)
{
    return getrandom(token, sizeof *token, 0) == (ssize_t)sizeof *token ? 0 : -1;
}

void session_log_line(void)
{
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    fputs(line, stdout);
}

int session_register(void)
{
    int rc = 0;
    pthread_mutex_lock(&sessions_lock);
    if (session_count >= 64)
        rc = -1;
    else
        session_count++;
    pthread_mutex_unlock(&sessions_lock);
    return rc;
}

void session_notify(FILE *notify_log)
{
    char name[64];
    if (fgets(name, sizeof name, stdin) == NULL)
        return;
    /* No shell and no child process: the text is data written to the notification log. */
    fprintf(notify_log, "login: %s", name);
}

int session_dump(const struct session *s)
{
    char path[] = "/tmp/session-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (f == NULL) {
        close(fd);
        return -1;
    }
    fprintf(f, "%s %u\n", s->user, s->token);
    return fclose(f);
}

int session_drop_privileges(uid_t uid)
{
    return setuid(uid) == 0 ? 0 : -1;
}

void session_greet(const struct session *s)
{
    char *greeting = malloc(64);
    if (greeting == NULL)
        return;
    snprintf(greeting, 64, "welcome %s", s->user);
    puts(greeting);
    free(greeting);
}
