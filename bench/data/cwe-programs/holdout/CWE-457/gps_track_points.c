/*
 * gps_track_points - read GPS fixes ("lat,lon[,alt]") from a file and
 * print the total climb along the track. Fixes without an altitude are
 * common in some loggers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    double lat;
    double lon;
    double alt;
} fix_t;

static int parse_fix(const char *line, fix_t *f)
{
    char *end;

    f->lat = strtod(line, &end);
    if (*end != ',')
        return -1;
    f->lon = strtod(end + 1, &end);
    if (*end == ',')
        f->alt = strtod(end + 1, &end);
    return 0;
}

int main(int argc, char **argv)
{
    FILE *fp;
    char line[128];
    fix_t prev, cur;
    int have_prev = 0, n = 0;
    double climb = 0.0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s TRACK\n", argv[0]);
        return 1;
    }
    if (!(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || parse_fix(line, &cur) != 0)
            continue;
        if (have_prev && cur.alt > prev.alt) /* FLAW: CWE-457 */
            climb += cur.alt - prev.alt;
        prev = cur;
        have_prev = 1;
        n++;
    }
    fclose(fp);
    printf("%d fixes, total climb %.1f m\n", n, climb);
    return 0;
}
