/*
 * credential_saver.c - "login" subcommand of the deployment CLI:
 * prompts for the registry user name and password and saves them to
 * ~/.deployctl/credentials for later commands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <sys/stat.h>

static int read_line(const char *prompt, char *buf, size_t cap)
{
    fputs(prompt, stdout);
    fflush(stdout);
    if (!fgets(buf, (int)cap, stdin))
        return -1;
    buf[strcspn(buf, "\n")] = '\0';
    return buf[0] ? 0 : -1;
}

int main(void)
{
    const char *home = getenv("HOME");
    char dir[512], path[600], user[128];
    char *pass;
    FILE *f;

    if (home == NULL) {
        fprintf(stderr, "HOME not set\n");
        return 1;
    }
    snprintf(dir, sizeof dir, "%s/.deployctl", home);
    snprintf(path, sizeof path, "%s/credentials", dir);

    if (read_line("registry user: ", user, sizeof user) != 0)
        return 1;
    pass = getpass("registry password: ");
    if (pass == NULL || *pass == '\0')
        return 1;

    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        perror(dir);
        return 1;
    }
    if ((f = fopen(path, "w")) == NULL) {
        perror(path);
        return 1;
    }
    if (fchmod(fileno(f), S_IRUSR | S_IWUSR | S_IRGRP | S_IROTH) != 0) { /* FLAW: CWE-732 */
        perror(path);
        fclose(f);
        return 1;
    }
    fprintf(f, "[registry]\nuser = %s\npassword = %s\n", user, pass);
    memset(pass, 0, strlen(pass));
    if (fclose(f) != 0) {
        perror(path);
        return 1;
    }
    printf("credentials saved to %s\n", path);
    return 0;
}
