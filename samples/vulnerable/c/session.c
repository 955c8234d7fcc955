/*
 * A small session service with typical C flaws. Every flaw here has a fixed twin in
 * session_fixed.c; `npx jsec scan samples/vulnerable` should flag this file and not the twin.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NAME_MAX_LEN 32

static pthread_mutex_t sessions_lock = PTHREAD_MUTEX_INITIALIZER;
static int session_count;

struct session {
    char user[NAME_MAX_LEN];
    unsigned token;
};

/* Flaw: a login name of up to 255 bytes is copied into a 32-byte buffer. */
void session_read_user(struct session *s)
{
    char line[256];
    char user[NAME_MAX_LEN];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    strcpy(user, line);
    memcpy(s->user, user, sizeof s->user);
}

/* Flaw: a predictable token from rand(). */
unsigned session_new_token(void)
{
    unsigned token = rand();
    return token;
}

/* Flaw: text read from the client is used as the format string. */
void session_log_line(void)
{
    char line[128];
    if (fgets(line, sizeof line, stdin) == NULL)
        return;
    printf(line);
}

/* Flaw: returns with the lock held when the table is full. */
int session_register(void)
{
    pthread_mutex_lock(&sessions_lock);
    if (session_count >= 64)
        return -1;
    session_count++;
    pthread_mutex_unlock(&sessions_lock);
    return 0;
}

/* Flaw: text read from the client becomes part of a shell command. */
void session_notify(void)
{
    char cmd[256] = "notify-send ";
    size_t used = strlen(cmd);
    if (fgets(cmd + used, (int)(sizeof cmd - used), stdin) == NULL)
        return;
    system(cmd);
}

/* Flaws: a guessable temporary file name, and a world-writable file. */
void session_dump(const struct session *s)
{
    char path[L_tmpnam];
    if (tmpnam(path) == NULL)
        return;
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return;
    fprintf(f, "%s %u\n", s->user, s->token);
    fclose(f);
    chmod(path, 0666);
}

/* Flaw: the privilege drop may fail silently. */
void session_drop_privileges(uid_t uid)
{
    setuid(uid);
}

/* Flaw: the greeting is printed after it was freed. */
void session_greet(const struct session *s)
{
    char *greeting = malloc(64);
    if (greeting == NULL)
        return;
    snprintf(greeting, 64, "welcome %s", s->user);
    free(greeting);
    puts(greeting);
}
