#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct record { char data[16]; };

struct record *load_table(FILE *fp, uint32_t *count_out)
{
    uint32_t count;
    struct record *table;

    if (fread(&count, sizeof count, 1, fp) != 1)
        return NULL;
    if (count == 0 || count > SIZE_MAX / sizeof(struct record))
        return NULL;
    table = calloc(count, sizeof(struct record));
    if (table == NULL)
        return NULL;
    if (fread(table, sizeof(struct record), count, fp) != count) {
        free(table);
        return NULL;
    }
    *count_out = count;
    return table;
}
