/* termdash: terminal dashboard; colours come from a theme file picked with $TERMDASH_THEME */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THEME_DIR "/usr/share/termdash/themes"
#define NCOLOURS 8

struct theme {
    char name[32];
    int fg[NCOLOURS];
    int bg;
};

static void theme_default(struct theme *t)
{
    int i;

    strcpy(t->name, "default");
    for (i = 0; i < NCOLOURS; i++)
        t->fg[i] = 30 + i;
    t->bg = 40;
}

static int theme_load(struct theme *t, const char *name)
{
    char path[512];
    char line[128];
    FILE *fp;
    int slot, code;

    snprintf(path, sizeof path, "%s/%s.theme", THEME_DIR, name);
    fp = fopen(path, "r"); /* FLAW: CWE-22 */
    if (fp == NULL)
        return -1;
    while (fgets(line, sizeof line, fp) != NULL) {
        if (sscanf(line, "fg%d=%d", &slot, &code) == 2 && slot >= 0 && slot < NCOLOURS)
            t->fg[slot] = code;
        else if (sscanf(line, "bg=%d", &code) == 1)
            t->bg = code;
    }
    fclose(fp);
    snprintf(t->name, sizeof t->name, "%s", name);
    return 0;
}

static void draw(const struct theme *t)
{
    int i;

    printf("\033[%dm", t->bg);
    for (i = 0; i < NCOLOURS; i++)
        printf("\033[%dm#%d ", t->fg[i], i);
    printf("\033[0m [%s]\n", t->name);
}

int main(void)
{
    struct theme t;
    const char *want = getenv("TERMDASH_THEME");

    theme_default(&t);
    if (want != NULL && *want != '\0' && theme_load(&t, want) != 0)
        fprintf(stderr, "termdash: theme %s not found, using default\n", want);
    if (system("clear") != 0)
        fputs("\n\n", stdout);
    draw(&t);
    return 0;
}
