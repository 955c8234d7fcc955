/*
 * user_template.c - renders a mail template for the notification service.
 *
 * The template name is passed in the TEMPLATE environment variable by
 * the web front end; the recipient's display name is in DISPLAY_NAME.
 * Every "{{name}}" in the template is replaced with the display name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEMPLATE_ROOT "/etc/notifier/templates"

/* Join a directory and a file name with exactly one slash. */
static char *path_join(const char *dir, const char *file)
{
    size_t dl = strlen(dir), fl = strlen(file);
    char *p = malloc(dl + fl + 2);

    if (p == NULL)
        return NULL;
    memcpy(p, dir, dl);
    if (dl > 0 && dir[dl - 1] != '/')
        p[dl++] = '/';
    memcpy(p + dl, file, fl + 1);
    return p;
}

static void render_line(const char *line, const char *who)
{
    const char *tag = "{{name}}";
    const char *hit;

    while ((hit = strstr(line, tag)) != NULL) {
        fwrite(line, 1, (size_t)(hit - line), stdout);
        fputs(who, stdout);
        line = hit + strlen(tag);
    }
    fputs(line, stdout);
}

static int render(const char *path, const char *who)
{
    char line[1024];
    FILE *tpl = fopen(path, "r"); /* FLAW: CWE-22 */

    if (tpl == NULL)
        return -1;
    while (fgets(line, sizeof line, tpl))
        render_line(line, who);
    fclose(tpl);
    return 0;
}

int main(void)
{
    const char *tpl_name = getenv("TEMPLATE");
    const char *who = getenv("DISPLAY_NAME");
    char *path;
    int rc;

    if (tpl_name == NULL || *tpl_name == '\0') {
        fprintf(stderr, "TEMPLATE not set\n");
        return 1;
    }
    if (who == NULL)
        who = "customer";

    path = path_join(TEMPLATE_ROOT, tpl_name);
    if (path == NULL) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    rc = render(path, who);
    if (rc != 0)
        perror(path);
    free(path);
    return rc == 0 ? 0 : 1;
}
