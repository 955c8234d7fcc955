/* mkuser: appends an account line "name:uid:shell" to a local user file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_LEN 32
#define SHELL_LEN 64
#define USERS_FILE "users.db"

struct account {
    char name[NAME_LEN];
    char shell[SHELL_LEN];
    unsigned uid;
};

static int fill_account(struct account *a, const char *name, const char *shell, unsigned uid)
{
    int n = snprintf(a->name, sizeof a->name, "%s", name);
    if (n < 0 || (size_t)n >= sizeof a->name) {
        fprintf(stderr, "name too long (max %d)\n", NAME_LEN - 1);
        return -1;
    }
    n = snprintf(a->shell, sizeof a->shell, "%s", shell != NULL ? shell : "/bin/sh");
    if (n < 0 || (size_t)n >= sizeof a->shell) {
        fprintf(stderr, "shell path too long\n");
        return -1;
    }
    a->uid = uid;
    return 0;
}

static int append_account(const struct account *a)
{
    FILE *f = fopen(USERS_FILE, "a");

    if (f == NULL) {
        perror(USERS_FILE);
        return -1;
    }
    fprintf(f, "%s:%u:%s\n", a->name, a->uid, a->shell);
    return fclose(f) == 0 ? 0 : -1;
}

int main(int argc, char *argv[])
{
    struct account acct;
    char *end;
    unsigned long uid;

    if (argc < 3) {
        fprintf(stderr, "usage: %s NAME UID [SHELL]\n", argv[0]);
        return 2;
    }
    uid = strtoul(argv[2], &end, 10);
    if (*end != '\0' || uid > 65535) {
        fprintf(stderr, "bad uid: %s\n", argv[2]);
        return 2;
    }
    if (fill_account(&acct, argv[1], argc > 3 ? argv[3] : NULL, (unsigned)uid) != 0)
        return 1;
    return append_account(&acct) == 0 ? 0 : 1;
}
