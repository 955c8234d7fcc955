/*
 * menu_tree.c - renders the kiosk's menu definition as an indented
 * outline. Each input line is "<id> <parent-id> <label>", parent 0
 * being the root. The tree is walked with an explicit stack, so deep
 * menus use heap memory rather than call depth.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 4096

typedef struct {
    int id, parent;
    char label[96];
    int first_child, next_sibling;   /* indices, -1 if none */
} item;

static item items[MAX_ITEMS];
static int nitems;

static int index_of(int id)
{
    for (int i = 0; i < nitems; i++)
        if (items[i].id == id)
            return i;
    return -1;
}

static void link_children(void)
{
    for (int i = nitems - 1; i >= 0; i--) {
        int p = items[i].parent ? index_of(items[i].parent) : -1;
        if (p >= 0 && p != i) {
            items[i].next_sibling = items[p].first_child;
            items[p].first_child = i;
        }
    }
}

int main(void)
{
    static int stack[MAX_ITEMS], depth_of[MAX_ITEMS];
    static char seen[MAX_ITEMS];
    char line[160];
    int sp = 0;

    while (nitems < MAX_ITEMS && fgets(line, sizeof line, stdin)) {
        item *it = &items[nitems];
        if (sscanf(line, "%d %d %95[^\n]", &it->id, &it->parent, it->label) != 3)
            continue;
        it->first_child = it->next_sibling = -1;
        nitems++;
    }
    link_children();

    for (int i = nitems - 1; i >= 0; i--)
        if (items[i].parent == 0 && sp < MAX_ITEMS) {
            depth_of[sp] = 0;
            stack[sp++] = i;
        }
    while (sp > 0) {
        sp--;
        int i = stack[sp], d = depth_of[sp];
        if (seen[i])
            continue;               /* an item listed under two parents or in a cycle */
        seen[i] = 1;
        printf("%*s- %s\n", d * 2 > 80 ? 80 : d * 2, "", items[i].label);

        /* Push children in reverse so they are printed in input order. */
        int kids[MAX_ITEMS], nk = 0;
        for (int c = items[i].first_child; c >= 0 && nk < MAX_ITEMS; c = items[c].next_sibling)
            kids[nk++] = c;
        while (nk > 0 && sp < MAX_ITEMS) {
            depth_of[sp] = d + 1;
            stack[sp++] = kids[--nk];
        }
    }
    return 0;
}
