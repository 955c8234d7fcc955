/* user_record_copy: parse "login:uid:shell" lines (a small subset of
 * /etc/passwd) from a file into records and print those using a given
 * shell. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOGIN_LEN 32
#define SHELL_LEN 64

struct user_rec {
    char login[LOGIN_LEN];
    char shell[SHELL_LEN];
    long uid;
};

/* Copy src into dst only if it fits (including the terminator). */
static int copy_field(char *dst, size_t dstsz, const char *src)
{
    if (strlen(src) >= dstsz)
        return -1;
    strcpy(dst, src);
    return 0;
}

static int parse_user(char *line, struct user_rec *u)
{
    char *login = strtok(line, ":");
    char *uid = strtok(NULL, ":");
    char *shell = strtok(NULL, ":\n");
    char *end;

    if (!login || !uid || !shell)
        return -1;
    u->uid = strtol(uid, &end, 10);
    if (*end != '\0')
        return -1;
    if (copy_field(u->login, sizeof u->login, login) != 0)
        return -1;
    if (copy_field(u->shell, sizeof u->shell, shell) != 0)
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    char line[256];
    FILE *fp;
    int lineno = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: %s FILE SHELL\n", argv[0]);
        return 1;
    }
    if ((fp = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, fp)) {
        struct user_rec u;

        lineno++;
        if (parse_user(line, &u) != 0) {
            fprintf(stderr, "%s:%d: skipped\n", argv[1], lineno);
            continue;
        }
        if (strcmp(u.shell, argv[2]) == 0)
            printf("%-16s %6ld\n", u.login, u.uid);
    }
    fclose(fp);
    return 0;
}
