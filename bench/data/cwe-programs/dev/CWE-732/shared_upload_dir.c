/*
 * shared_upload_dir.c - provisioning step for a new project: creates
 * the project's upload area under /srv/projects and an initial
 * README, so that the team's upload jobs can drop files there.
 *
 * usage: shared_upload_dir PROJECT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include <sys/stat.h>

#define PROJECT_ROOT "/srv/projects"

static int valid_project(const char *p)
{
    if (!*p || strlen(p) > 40)
        return 0;
    for (; *p; p++)
        if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '-')
            return 0;
    return 1;
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
        perror(path);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    char base[128], uploads[160], readme[192];
    FILE *f;

    if (argc != 2 || !valid_project(argv[1])) {
        fprintf(stderr, "usage: %s PROJECT  (lowercase letters, digits, '-')\n", argv[0]);
        return 2;
    }
    snprintf(base, sizeof base, "%s/%s", PROJECT_ROOT, argv[1]);
    snprintf(uploads, sizeof uploads, "%s/uploads", base);
    snprintf(readme, sizeof readme, "%s/README", base);

    if (make_dir(base) != 0 || make_dir(uploads) != 0)
        return 1;

    /* Upload jobs run under different service accounts. */
    if (chmod(uploads, 0777) != 0) { /* FLAW: CWE-732 */
        perror(uploads);
        return 1;
    }

    if ((f = fopen(readme, "w")) == NULL) {
        perror(readme);
        return 1;
    }
    fprintf(f, "Project %s\n\nDrop input files into uploads/.\n", argv[1]);
    if (fclose(f) != 0)
        return 1;
    printf("project area ready: %s\n", base);
    return 0;
}
