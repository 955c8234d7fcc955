/* tlv_record_copy: read type-length-value records from a binary file
 * and print the string-typed ones.
 *
 * Record layout: 1 byte type, 2 bytes big-endian length, value bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TLV_TYPE_NAME  1
#define TLV_TYPE_NOTE  2
#define VALUE_CAP      64

typedef struct {
    uint8_t type;
    uint16_t len;
    char value[VALUE_CAP + 1];
} tlv_record;

/* Returns 1 on a record, 0 on clean end of file, -1 on error. */
static int read_record(FILE *fp, tlv_record *rec)
{
    uint8_t hdr[3];
    uint8_t raw[0x10000];
    size_t got = fread(hdr, 1, sizeof hdr, fp);

    if (got == 0)
        return 0;
    if (got != sizeof hdr)
        return -1;

    rec->type = hdr[0];
    rec->len = (uint16_t)((hdr[1] << 8) | hdr[2]);
    if (fread(raw, 1, rec->len, fp) != rec->len)
        return -1;

    /* keep only what fits in the value field, always terminated */
    size_t keep = rec->len < VALUE_CAP ? rec->len : VALUE_CAP;
    memcpy(rec->value, raw, keep);
    rec->value[keep] = '\0';
    return 1;
}

int main(int argc, char **argv)
{
    tlv_record rec;
    FILE *fp;
    int rc, n = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s records.bin\n", argv[0]);
        return EXIT_FAILURE;
    }
    if ((fp = fopen(argv[1], "rb")) == NULL) {
        perror("fopen");
        return EXIT_FAILURE;
    }

    while ((rc = read_record(fp, &rec)) == 1) {
        n++;
        switch (rec.type) {
        case TLV_TYPE_NAME:
            printf("name: %s\n", rec.value);
            break;
        case TLV_TYPE_NOTE:
            printf("note: %s%s\n", rec.value, rec.len > VALUE_CAP ? "..." : "");
            break;
        default:
            printf("record %d: type %u, %u bytes\n", n, rec.type, rec.len);
            break;
        }
    }
    fclose(fp);
    if (rc < 0) {
        fprintf(stderr, "truncated record after %d records\n", n);
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}
