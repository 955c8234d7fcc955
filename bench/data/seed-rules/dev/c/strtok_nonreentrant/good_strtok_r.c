#include <string.h>

int parse_cookies(char *header, void (*cb)(const char *, const char *))
{
    int n = 0;
    char *outer = NULL;

    for (char *pair = strtok_r(header, ";", &outer); pair != NULL;
         pair = strtok_r(NULL, ";", &outer)) {
        char *inner = NULL;
        char *key = strtok_r(pair, "=", &inner);
        char *val = strtok_r(NULL, "=", &inner);
        if (key != NULL && val != NULL) {
            cb(key, val);
            n++;
        }
    }
    return n;
}
