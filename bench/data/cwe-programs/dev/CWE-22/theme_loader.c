/*
 * theme_loader.c - loads a colour theme for the terminal dashboard.
 *
 * usage: theme_loader THEME
 * Themes live in /usr/share/dashboard/themes/<THEME>.theme and contain
 * "key = #rrggbb" lines which are printed as shell exports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#define THEME_DIR "/usr/share/dashboard/themes/"
#define THEME_EXT ".theme"
#define MAX_THEME_SIZE 8192

typedef struct {
    char path[512];
    char data[MAX_THEME_SIZE + 1];
    size_t len;
} theme_t;

/* Build the on-disk location of a theme from its name. */
static int theme_path(theme_t *t, const char *name)
{
    if (strlen(THEME_DIR) + strlen(name) + strlen(THEME_EXT) >= sizeof t->path)
        return -1;
    strcpy(t->path, THEME_DIR);
    strcat(t->path, name);
    strcat(t->path, THEME_EXT);
    return 0;
}

static int theme_read(theme_t *t)
{
    int fd = open(t->path, O_RDONLY); /* FLAW: CWE-22 */
    ssize_t n;

    if (fd < 0)
        return -1;
    t->len = 0;
    while (t->len < MAX_THEME_SIZE &&
           (n = read(fd, t->data + t->len, MAX_THEME_SIZE - t->len)) > 0)
        t->len += (size_t)n;
    close(fd);
    t->data[t->len] = '\0';
    return 0;
}

static void emit_exports(const theme_t *t)
{
    char key[64], val[64];
    const char *line = t->data;

    while (*line) {
        const char *nl = strchr(line, '\n');
        if (sscanf(line, " %63[A-Za-z_] = %63s", key, val) == 2)
            printf("export DASH_%s='%s'\n", key, val);
        if (!nl)
            break;
        line = nl + 1;
    }
}

int main(int argc, char **argv)
{
    static theme_t theme;

    if (argc != 2) {
        fprintf(stderr, "usage: %s THEME\n", argv[0]);
        return 2;
    }
    if (theme_path(&theme, argv[1]) != 0) {
        fprintf(stderr, "theme name too long\n");
        return 1;
    }
    if (theme_read(&theme) != 0) {
        perror(theme.path);
        return 1;
    }
    emit_exports(&theme);
    return 0;
}
