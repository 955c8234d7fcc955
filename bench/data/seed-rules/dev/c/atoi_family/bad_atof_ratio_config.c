#include <stdlib.h>
#include <string.h>

struct limits {
    long max_bytes;
    double ratio;
};

/* Apply one "name value" line from a configuration file. */
int apply_setting(struct limits *lim, const char *name, const char *value)
{
    if (strcmp(name, "max_bytes") == 0) {
        lim->max_bytes = atol(value); /* FLAW: atoi_family */
        return 0;
    }
    if (strcmp(name, "ratio") == 0) {
        lim->ratio = atof(value); /* FLAW: atoi_family */
        return 0;
    }
    return -1;
}
