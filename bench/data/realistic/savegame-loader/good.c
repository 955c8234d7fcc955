/* savegame: prints the player name and inventory stored in a save file. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NAME_MAX_LEN 40
#define MAX_ITEMS 32

struct save_header {
    uint32_t magic;
    uint16_t name_len;
    uint16_t item_count;
};

struct player {
    char name[NAME_MAX_LEN];
    uint16_t items[MAX_ITEMS];
    unsigned nitems;
};

static int load_player(FILE *f, struct player *p)
{
    struct save_header h;

    if (fread(&h, sizeof h, 1, f) != 1 || h.magic != 0x53415645u)
        return -1;
    if (h.name_len >= NAME_MAX_LEN || h.item_count > MAX_ITEMS)
        return -1;
    if (fread(p->name, 1, h.name_len, f) != h.name_len)
        return -1;
    p->name[h.name_len] = '\0';
    if (fread(p->items, sizeof p->items[0], h.item_count, f) != h.item_count)
        return -1;
    p->nitems = h.item_count;
    return 0;
}

int main(int argc, char **argv)
{
    struct player pl;
    FILE *f;
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s SAVEFILE\n", argv[0]);
        return 2;
    }
    f = fopen(argv[1], "rb");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    memset(&pl, 0, sizeof pl);
    rc = load_player(f, &pl);
    fclose(f);
    if (rc != 0) {
        fprintf(stderr, "%s: not a valid save file\n", argv[1]);
        return 1;
    }
    printf("player: %s\n", pl.name);
    for (unsigned i = 0; i < pl.nitems; i++)
        printf("  item %u: #%u\n", i, pl.items[i]);
    return 0;
}
