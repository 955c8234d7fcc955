#include <pwd.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[128];

    while (fgets(line, sizeof line, stdin) != NULL) {
        char *eq = strchr(line, '=');
        struct passwd *pw;
        if (eq == NULL)
            continue;
        *eq = '\0';
        pw = getpwnam(line);
        if (pw != NULL)
            printf("%s home=%s value=%s", line, pw->pw_dir, eq + 1);
    }
    return 0;
}
