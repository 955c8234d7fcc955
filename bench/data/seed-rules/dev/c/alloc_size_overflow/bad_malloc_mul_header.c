#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct record { char data[16]; };

/* Read a record table whose element count comes from the file header. */
struct record *load_table(FILE *fp, uint32_t *count_out)
{
    uint32_t count;
    size_t rec_size = sizeof(struct record);
    struct record *table;

    if (fread(&count, sizeof count, 1, fp) != 1)
        return NULL;
    table = malloc(count * rec_size); /* FLAW: alloc_size_overflow */
    if (table == NULL)
        return NULL;
    if (fread(table, rec_size, count, fp) != count) {
        free(table);
        return NULL;
    }
    *count_out = count;
    return table;
}
