#include <stdio.h>
#include <string.h>

/* Parse "k1=v1;k2=v2" headers; the inner strtok clobbers the outer state. */
int parse_cookies(char *header, void (*cb)(const char *, const char *))
{
    int n = 0;
    char *pair = strtok(header, ";"); /* FLAW: strtok_nonreentrant */

    while (pair != NULL) {
        char *key = strtok(pair, "="); /* FLAW: strtok_nonreentrant */
        char *val = strtok(NULL, "=");
        if (key != NULL && val != NULL) {
            cb(key, val);
            n++;
        }
        pair = strtok(NULL, ";");
    }
    return n;
}
