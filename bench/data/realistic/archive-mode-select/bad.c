/*
 * pack - tiny archiver front end.  pack -c|-x|-t ARCHIVE [FILES...]
 * Only the option handling and the dispatch are here; the actions print
 * what they would do.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum mode { MODE_CREATE, MODE_EXTRACT, MODE_LIST };

struct options {
    enum mode mode;
    int verbose;
    const char *archive;
};

static int run(const struct options *o, int nfiles, char **files)
{
    switch (o->mode) {
    case MODE_CREATE:
        printf("create %s from %d files\n", o->archive, nfiles);
        for (int i = 0; i < nfiles && o->verbose; i++)
            printf("  a %s\n", files[i]);
        return 0;
    case MODE_EXTRACT:
        printf("extract %s\n", o->archive);
        return 0;
    case MODE_LIST:
        printf("list %s\n", o->archive);
        return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    struct options o;
    int c, have_mode = 0;

    o.verbose = 0;
    while ((c = getopt(argc, argv, "cxtv")) != -1) {
        switch (c) {
        case 'c': o.mode = MODE_CREATE; have_mode = 1; break;
        case 'x': o.mode = MODE_EXTRACT; have_mode = 1; break;
        case 't': o.mode = MODE_LIST; have_mode = 1; break;
        case 'v': o.verbose = 1; break;
        default:
            fprintf(stderr, "usage: pack -c|-x|-t [-v] ARCHIVE [FILES...]\n");
            return 2;
        }
    }
    if (!have_mode)
        fprintf(stderr, "pack: no mode given, guessing\n");
    if (optind >= argc) {
        fprintf(stderr, "pack: no archive\n");
        return 2;
    }
    o.archive = argv[optind];
    return run(&o, argc - optind - 1, argv + optind + 1); /* FLAW: CWE-457 */
}
