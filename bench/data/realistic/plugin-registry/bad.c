/*
 * registry.c - named handlers registered at start-up from a config list
 * ("name=path" lines on stdin).  A handler owns its name and its path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct handler {
    struct handler *next;
    char *name;
    char *path;
};

static struct handler *registry;

static int path_usable(const char *path)
{
    return path[0] == '/' && access(path, X_OK) == 0;
}

static int register_handler(const char *name, const char *path)
{
    struct handler *h = calloc(1, sizeof *h);
    if (h == NULL)
        return -1;
    h->name = strdup(name);
    h->path = strdup(path);
    if (h->name == NULL || h->path == NULL)
        goto fail;
    if (!path_usable(h->path)) {
        fprintf(stderr, "registry: %s: not an executable path\n", h->path);
        return -1; /* FLAW: CWE-401 */
    }
    h->next = registry;
    registry = h;
    return 0;
fail:
    free(h->name);
    free(h->path);
    free(h);
    return -1;
}

static void registry_free(void)
{
    while (registry) {
        struct handler *h = registry;
        registry = h->next;
        free(h->name);
        free(h->path);
        free(h);
    }
}

int main(void)
{
    char line[512];
    int ok = 0, bad = 0;

    while (fgets(line, sizeof line, stdin)) {
        char *eq = strchr(line, '=');
        if (eq == NULL)
            continue;
        *eq = '\0';
        eq[1 + strcspn(eq + 1, "\r\n")] = '\0';
        if (register_handler(line, eq + 1) == 0)
            ok++;
        else
            bad++;
    }
    printf("%d handlers, %d rejected\n", ok, bad);
    for (struct handler *h = registry; h; h = h->next)
        printf("  %s -> %s\n", h->name, h->path);
    registry_free();
    return 0;
}
