/*
 * dynamic_array_push - read "name score" pairs from a file into a growable
 * array; whenever a new best score is read, remember it and, at the end,
 * print the best entry and the total.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char name[32];
    int score;
} player;

typedef struct {
    player *data;
    size_t len, cap;
} player_vec;

/* Append a player and return a pointer to the stored element. */
static player *vec_push(player_vec *v, const player *p)
{
    if (v->len == v->cap) {
        size_t ncap = v->cap ? v->cap * 2 : 4;
        player *nd = realloc(v->data, ncap * sizeof *nd);
        if (!nd)
            return NULL;
        v->data = nd;
        v->cap = ncap;
    }
    v->data[v->len] = *p;
    return &v->data[v->len++];
}

int main(int argc, char **argv)
{
    player_vec v = { NULL, 0, 0 };
    player tmp, *best = NULL, *slot;
    long total = 0;
    FILE *fp;

    if (argc != 2) {
        fprintf(stderr, "usage: %s scores.txt\n", argv[0]);
        return 1;
    }
    if (!(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fscanf(fp, "%31s %d", tmp.name, &tmp.score) == 2) {
        slot = vec_push(&v, &tmp);
        if (!slot) {
            fprintf(stderr, "out of memory\n");
            break;
        }
        total += tmp.score;
        if (!best || tmp.score > best->score) /* FLAW: CWE-416 */
            best = slot;
    }
    fclose(fp);

    if (best)
        printf("best: %s with %d\n", best->name, best->score); /* FLAW: CWE-416 */
    printf("%zu players, total %ld\n", v.len, total);
    free(v.data);
    return 0;
}
