/* vote: records a vote for candidate N (given on the command line) in a tally file */
#include <stdio.h>
#include <stdlib.h>

#define CANDIDATES 8
#define TALLY "tally.dat"

int main(int argc, char **argv)
{
    long tally[CANDIDATES] = { 0 };
    FILE *f;
    int who;

    if (argc != 2)
        return 2;
    who = atoi(argv[1]);
    if (who < 0 || who >= CANDIDATES) {
        fprintf(stderr, "no such candidate\n");
        return 2;
    }
    f = fopen(TALLY, "rb");
    if (f != NULL) {
        if (fread(tally, sizeof tally, 1, f) != 1)
            fprintf(stderr, "tally file is short, starting over\n");
        fclose(f);
    }
    tally[who]++;
    f = fopen(TALLY, "wb");
    if (f == NULL)
        return 1;
    if (fwrite(tally, sizeof tally, 1, f) != 1) {
        fclose(f);
        return 1;
    }
    return fclose(f) == 0 ? 0 : 1;
}
