/*
 * archive_maker.c - packs a project directory into a gzip'd tarball
 * and reports the compressed size.
 *
 * usage: archive_maker DIRECTORY OUTPUT.tar.gz
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CMD_MAX 4096

struct job {
    const char *src_dir;
    const char *out_file;
    char command[CMD_MAX];
};

static int prepare(struct job *j)
{
    struct stat st;
    int n;

    if (stat(j->src_dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: not a directory\n", j->src_dir);
        return -1;
    }
    n = snprintf(j->command, sizeof j->command,
                 "tar -czf '%s' -C '%s' . && stat -c %%s '%s'",
                 j->out_file, j->src_dir, j->out_file);
    if (n < 0 || (size_t)n >= sizeof j->command) {
        fprintf(stderr, "paths too long\n");
        return -1;
    }
    return 0;
}

static int run(struct job *j, long *size_out)
{
    char line[64];
    FILE *p = popen(j->command, "r"); /* FLAW: CWE-78 */
    int status;

    if (p == NULL) {
        perror("popen");
        return -1;
    }
    *size_out = -1;
    if (fgets(line, sizeof line, p) != NULL)
        *size_out = strtol(line, NULL, 10);
    status = pclose(p);
    return status == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    struct job j;
    long size;

    if (argc != 3) {
        fprintf(stderr, "usage: %s DIRECTORY OUTPUT.tar.gz\n", argv[0]);
        return 2;
    }
    j.src_dir = argv[1];
    j.out_file = argv[2];

    if (prepare(&j) != 0)
        return 1;
    if (run(&j, &size) != 0) {
        fprintf(stderr, "archiving failed\n");
        return 1;
    }
    printf("%s: %ld bytes\n", j.out_file, size);
    return 0;
}
