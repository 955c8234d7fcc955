/*
 * dir_size.c - prints the total size of a directory tree (like du -s).
 *
 * usage: dir_size DIR...
 * The walker changes into each directory in turn and works with
 * relative names, so arbitrarily long path names are no problem.
 * Symbolic links are counted as files and not followed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

typedef struct {
    unsigned long long bytes;
    unsigned long files;
    unsigned long dirs;
} usage_t;

/* Read all entry names of the current directory (except . and ..). */
static char **list_cwd(size_t *count)
{
    DIR *d = opendir(".");
    struct dirent *de;
    char **names = NULL, **tmp;
    size_t n = 0, cap = 0;

    if (d == NULL)
        return NULL;
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 32;
            if ((tmp = realloc(names, cap * sizeof *names)) == NULL)
                break;
            names = tmp;
        }
        if ((names[n] = strdup(de->d_name)) == NULL)
            break;
        n++;
    }
    closedir(d);
    *count = n;
    return names;
}

static void walk(const char *name, usage_t *u)
{
    struct stat st;
    char **names;
    size_t n = 0;

    if (lstat(name, &st) != 0)
        return;
    u->bytes += (unsigned long long)st.st_size;
    if (!S_ISDIR(st.st_mode)) {
        u->files++;
        return;
    }
    u->dirs++;
    if (chdir(name) != 0)
        return;
    names = list_cwd(&n);
    for (size_t i = 0; i < n; i++) {
        walk(names[i], u); /* FLAW: CWE-674 */
        free(names[i]);
    }
    free(names);
    if (chdir("..") != 0)
        perror("chdir ..");
}

int main(int argc, char **argv)
{
    int start;

    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR...\n", argv[0]);
        return 2;
    }
    if ((start = open(".", O_RDONLY | O_DIRECTORY)) < 0) {
        perror(".");
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        usage_t u = {0, 0, 0};
        walk(argv[i], &u);
        if (fchdir(start) != 0) {
            perror("fchdir");
            return 1;
        }
        printf("%12llu  %s (%lu files, %lu dirs)\n", u.bytes, argv[i], u.files, u.dirs);
    }
    close(start);
    return 0;
}
