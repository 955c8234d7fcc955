/*
 * session_id_gen.c - session manager for the kiosk web application.
 *
 * Reads "login <user>" / "logout <sid>" commands on stdin and keeps a
 * small table of active sessions. A new 128-bit session id is printed
 * in hex for every successful login.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SESSIONS 64
#define SID_BYTES 16

struct session {
    char sid[SID_BYTES * 2 + 1];
    char user[32];
    time_t created;
    int in_use;
};

static struct session table[MAX_SESSIONS];

static void new_session_id(char out[SID_BYTES * 2 + 1])
{
    for (int i = 0; i < SID_BYTES; i++)
        sprintf(out + 2 * i, "%02x", rand() & 0xff); /* FLAW: CWE-338 */
}

static struct session *login(const char *user)
{
    for (int i = 0; i < MAX_SESSIONS; i++) {
        if (!table[i].in_use) {
            new_session_id(table[i].sid);
            snprintf(table[i].user, sizeof table[i].user, "%s", user);
            table[i].created = time(NULL);
            table[i].in_use = 1;
            return &table[i];
        }
    }
    return NULL;
}

static int logout(const char *sid)
{
    for (int i = 0; i < MAX_SESSIONS; i++) {
        if (table[i].in_use && strcmp(table[i].sid, sid) == 0) {
            table[i].in_use = 0;
            return 0;
        }
    }
    return -1;
}

int main(void)
{
    char line[128], cmd[16], arg[64];

    srand((unsigned)time(NULL));
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%15s %63s", cmd, arg) != 2) {
            puts("ERR syntax");
            continue;
        }
        if (strcmp(cmd, "login") == 0) {
            struct session *s = login(arg);
            if (s)
                printf("OK %s\n", s->sid);
            else
                puts("ERR too many sessions");
        } else if (strcmp(cmd, "logout") == 0) {
            puts(logout(arg) == 0 ? "OK" : "ERR unknown session");
        } else {
            puts("ERR unknown command");
        }
        fflush(stdout);
    }
    return 0;
}
