/*
 * env_banner - print a one-line login banner describing the session:
 * user, terminal type and language, taken from the environment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BANNER_LEN 96

static const char *env_or(const char *name, const char *fallback)
{
    const char *v = getenv(name);
    return (v && *v) ? v : fallback;
}

static void build_banner(char *banner)
{
    strcpy(banner, "session: ");
    strcat(banner, env_or("USER", "unknown"));
    strcat(banner, " on ");
    strcat(banner, env_or("TERM", "dumb")); /* FLAW: CWE-120 */
    strcat(banner, isatty(STDOUT_FILENO) ? " (tty)" : " (pipe)");
}

int main(void)
{
    char banner[BANNER_LEN];
    const char *lang = env_or("LANG", "C");

    if (strlen(env_or("USER", "unknown")) > 32) {
        fprintf(stderr, "user name too long\n");
        return 1;
    }

    build_banner(banner);
    puts(banner);
    printf("language: %.40s\n", lang);
    return 0;
}
