/* path_list: print the directories of $PATH that exist, one per line,
 * without duplicates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct dir_node {
    char *path;
    struct dir_node *next;
};

static int seen(const struct dir_node *head, const char *path)
{
    for (; head; head = head->next)
        if (strcmp(head->path, path) == 0)
            return 1;
    return 0;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void free_dirs(struct dir_node *n)
{
    while (n) {
        struct dir_node *next = n->next;
        free(n->path);
        free(n);
        n = next;
    }
}

int main(void)
{
    const char *env = getenv("PATH");
    struct dir_node *head = NULL, **tail = &head;
    char *copy, *save = NULL, *dir;

    if (!env) {
        fprintf(stderr, "PATH is not set\n");
        return 1;
    }
    copy = strdup(env);
    if (!copy) {
        perror("strdup");
        return 1;
    }

    for (dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
        struct dir_node *n;

        if (seen(head, dir) || !is_dir(dir))
            continue;
        n = malloc(sizeof *n);
        if (!n)
            break;
        n->path = strdup(dir);
        if (!n->path) {
            free(n);
            break;
        }
        n->next = NULL;
        *tail = n;
        tail = &n->next;
    }
    free(copy);

    for (struct dir_node *n = head; n; n = n->next)
        puts(n->path);
    free_dirs(head);
    return 0;
}
