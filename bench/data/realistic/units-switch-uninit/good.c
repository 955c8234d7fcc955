/* conv: converts a byte count with a unit suffix (k, m, g) to bytes */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    double value, factor;
    char *end;

    if (argc != 2)
        return 2;
    value = strtod(argv[1], &end);
    switch (*end) {
    case 'k': factor = 1024.0; break;
    case 'm': factor = 1024.0 * 1024; break;
    case 'g': factor = 1024.0 * 1024 * 1024; break;
    case '\0': factor = 1.0; break;
    default:
        fprintf(stderr, "unknown unit '%c'\n", *end);
        return 2;
    }
    printf("%.0f\n", value * factor);
    return 0;
}
