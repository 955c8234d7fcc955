/* record_array_alloc: read a batch of sensor records from stdin.
 * The first line holds the record count, then one "id temp humidity"
 * line per record. Prints the records with the highest temperature. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define RECORD_SIZE sizeof(struct sensor_record)

struct sensor_record {
    uint32_t id;
    float temp;
    float humidity;
    uint32_t flags;
};

static struct sensor_record *alloc_records(unsigned int count)
{
    unsigned int bytes = count * (unsigned int)RECORD_SIZE; /* FLAW: CWE-190 */

    return malloc(bytes);
}

int main(void)
{
    struct sensor_record *recs;
    unsigned int count, i, n = 0;
    float max_temp = -1e30f;

    if (scanf("%u", &count) != 1 || count == 0) {
        fprintf(stderr, "expected a record count\n");
        return 1;
    }
    recs = alloc_records(count);
    if (!recs) {
        fprintf(stderr, "cannot allocate %u records\n", count);
        return 1;
    }

    for (i = 0; i < count; i++) {
        struct sensor_record *r = &recs[i];
        if (scanf("%u %f %f", &r->id, &r->temp, &r->humidity) != 3)
            break;
        r->flags = 0;
        if (r->temp > max_temp)
            max_temp = r->temp;
        n++;
    }

    printf("%u records read\n", n);
    for (i = 0; i < n; i++)
        if (recs[i].temp == max_temp)
            printf("sensor %u: %.1f C, %.0f%%\n", recs[i].id, recs[i].temp, recs[i].humidity);
    free(recs);
    return 0;
}
