/*
 * userdb - look up accounts in the flat user database that the
 * provisioning scripts maintain.
 *
 * Database format, one account per line, fields separated by blanks:
 *
 *     NAME UID SHELL HOME
 *
 * Lines starting with '#' are comments.
 *
 * usage: userdb FILE NAME
 *        userdb FILE -u UID
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_LEN  512
#define NAME_LEN  32
#define SHELL_LEN 64
#define HOME_LEN  128

struct account
{
    char name[NAME_LEN];
    long uid;
    char shell[SHELL_LEN];
    char home[HOME_LEN];
};

static void print_account(const struct account *a)
{
    printf("name:  %s\nuid:   %ld\nshell: %s\nhome:  %s\n",
           a->name, a->uid, a->shell, a->home);
}

int main(int argc, char **argv)
{
    char line[LINE_LEN];
    struct account acct;
    const char *want_name = NULL;
    long want_uid = -1;
    unsigned long lineno = 0;
    int found = 0;
    FILE *fp;

    if (argc == 3)
    {
        want_name = argv[2];
    }
    else if (argc == 4 && strcmp(argv[2], "-u") == 0)
    {
        char *end;

        errno = 0;
        want_uid = strtol(argv[3], &end, 10);
        if (errno != 0 || *end != '\0' || want_uid < 0)
        {
            fprintf(stderr, "invalid uid: %s\n", argv[3]);
            return 2;
        }
    }
    else
    {
        fprintf(stderr, "usage: %s FILE NAME\n       %s FILE -u UID\n",
                argv[0], argv[0]);
        return 2;
    }

    fp = fopen(argv[1], "r");
    if (fp == NULL)
    {
        perror(argv[1]);
        return 1;
    }

    while (fgets(line, sizeof line, fp) != NULL)
    {
        int end = 0;

        lineno++;
        if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0')
            continue;
        /* NAME UID SHELL HOME; overlong fields are rejected */
        if (sscanf(line, "%31s %ld %63s %127s%n",
                   acct.name, &acct.uid, acct.shell, acct.home, &end) != 4 ||
            line[end + strspn(line + end, " \t\r\n")] != '\0' ||
            acct.uid < 0)
        {
            fprintf(stderr, "%s:%lu: malformed entry\n", argv[1], lineno);
            continue;
        }
        if ((want_name != NULL && strcmp(acct.name, want_name) == 0) ||
            (want_name == NULL && acct.uid == want_uid))
        {
            print_account(&acct);
            found = 1;
            break;
        }
    }

    fclose(fp);
    if (!found)
        fprintf(stderr, "no such account\n");
    return found ? 0 : 1;
}
