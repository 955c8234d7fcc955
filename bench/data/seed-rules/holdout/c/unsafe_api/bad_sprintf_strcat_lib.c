#include <stdio.h>
#include <string.h>

#define LABEL_MAX 48

struct user_record {
    char first[32];
    char last[32];
    int id;
};

/* Library helper: render a record into a caller supplied LABEL_MAX buffer. */
void format_label(char *out, const struct user_record *rec)
{
    sprintf(out, "#%d ", rec->id); /* FLAW: unsafe_api */
    strcat(out, rec->first); /* FLAW: unsafe_api */
    strcat(out, " "); /* FLAW: unsafe_api */
    strcat(out, rec->last); /* FLAW: unsafe_api */
}
