/*
 * image_thumb.c - creates thumbnails with ImageMagick's convert.
 *
 * usage: image_thumb SIZE INPUT OUTPUT
 * SIZE is a number of pixels for the longest edge (16..1024).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

static int parse_size(const char *s, int *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < 16 || v > 1024)
        return -1;
    *out = (int)v;
    return 0;
}

/* File names must not look like options or ImageMagick "coder:" prefixes. */
static int plain_filename(const char *s)
{
    return s[0] != '\0' && s[0] != '-' && strchr(s, ':') == NULL;
}

static void print_tool_version(void)
{
    char line[256];
    FILE *p = popen("convert -version", "r");

    if (p == NULL)
        return;
    if (fgets(line, sizeof line, p) != NULL)
        fprintf(stderr, "using %s", line);
    pclose(p);
}

int main(int argc, char **argv)
{
    char geometry[32];
    int size, status, rc;
    pid_t pid;

    if (argc != 4 || parse_size(argv[1], &size) != 0 ||
        !plain_filename(argv[2]) || !plain_filename(argv[3])) {
        fprintf(stderr, "usage: %s SIZE(16-1024) INPUT OUTPUT\n", argv[0]);
        return 2;
    }
    snprintf(geometry, sizeof geometry, "%dx%d>", size, size);
    print_tool_version();

    char *args[] = { "convert", argv[2], "-thumbnail", geometry, "-strip", argv[3], NULL };
    rc = posix_spawnp(&pid, "convert", NULL, NULL, args, environ);
    if (rc != 0) {
        fprintf(stderr, "cannot start convert: %s\n", strerror(rc));
        return 1;
    }
    if (waitpid(pid, &status, 0) < 0) {
        perror("waitpid");
        return 1;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "convert failed\n");
        return 1;
    }
    printf("%s -> %s (%dpx)\n", argv[2], argv[3], size);
    return 0;
}
