/*
 * dir_tree_printer.c - prints a directory tree like tree(1).
 *
 * usage: dir_tree_printer [-L LEVELS] DIR
 * Symbolic links are shown but never followed, and descent stops at
 * LEVELS (default 8, maximum 32).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>

#define HARD_MAX_DEPTH 32

static int max_depth = 8;

static void print_tree(const char *path, int depth)
{
    char child[PATH_MAX];
    struct dirent *de;
    struct stat st;
    DIR *d;

    if (depth >= max_depth)
        return;
    if ((d = opendir(path)) == NULL)
        return;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        if (snprintf(child, sizeof child, "%s/%s", path, de->d_name) >= (int)sizeof child)
            continue;
        if (lstat(child, &st) != 0)
            continue;
        printf("%*s%s%s\n", depth * 4, "", de->d_name,
               S_ISLNK(st.st_mode) ? " -> (link)" : S_ISDIR(st.st_mode) ? "/" : "");
        if (S_ISDIR(st.st_mode))
            print_tree(child, depth + 1);
    }
    closedir(d);
}

int main(int argc, char **argv)
{
    int opt;

    while ((opt = getopt(argc, argv, "L:")) != -1) {
        if (opt == 'L') {
            max_depth = atoi(optarg);
            if (max_depth < 1 || max_depth > HARD_MAX_DEPTH) {
                fprintf(stderr, "-L must be 1..%d\n", HARD_MAX_DEPTH);
                return 2;
            }
        } else {
            fprintf(stderr, "usage: %s [-L LEVELS] DIR\n", argv[0]);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "usage: %s [-L LEVELS] DIR\n", argv[0]);
        return 2;
    }
    printf("%s\n", argv[optind]);
    print_tree(argv[optind], 0);
    return 0;
}
