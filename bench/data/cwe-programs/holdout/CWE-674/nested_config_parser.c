/*
 * nested_config_parser.c - parses the router's brace-style config
 * format into a tree and prints it back in canonical form.
 *
 *   interfaces { eth0 { address 10.0.0.1; mtu 1500; } }
 *
 * A block is "name { ... }", a leaf is "name value;".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

typedef struct node {
    char name[64];
    char value[128];          /* empty for blocks */
    struct node *child, *next;
} node;

typedef struct { const char *p; } lexer;

static void skip(lexer *lx) { while (isspace((unsigned char)*lx->p)) lx->p++; }

static int word(lexer *lx, char *out, size_t cap)
{
    size_t n = 0;
    skip(lx);
    while (*lx->p && !isspace((unsigned char)*lx->p) && !strchr("{};", *lx->p)) {
        if (n + 1 < cap)
            out[n++] = *lx->p;
        lx->p++;
    }
    out[n] = '\0';
    return n ? 0 : -1;
}

static void free_tree(node *n)
{
    while (n) {
        node *next = n->next;
        free_tree(n->child); /* FLAW: CWE-674 */
        free(n);
        n = next;
    }
}

/* Parse statements until '}' or end of input. */
static node *parse_block(lexer *lx, int *err)
{
    node *head = NULL, **tail = &head;

    for (skip(lx); *lx->p && *lx->p != '}'; skip(lx)) {
        node *n = calloc(1, sizeof *n);
        if (!n || word(lx, n->name, sizeof n->name) != 0) {
            free(n);
            *err = 1;
            return head;
        }
        *tail = n;
        tail = &n->next;
        skip(lx);
        if (*lx->p == '{') {
            lx->p++;
            n->child = parse_block(lx, err); /* FLAW: CWE-674 */
            if (*err || *lx->p != '}') { *err = 1; return head; }
            lx->p++;
        } else if (word(lx, n->value, sizeof n->value) == 0 && (skip(lx), *lx->p == ';')) {
            lx->p++;
        } else {
            *err = 1;
            return head;
        }
    }
    return head;
}

static void print_tree(const node *n, int indent)
{
    for (; n; n = n->next) {
        if (n->value[0])
            printf("%*s%s %s;\n", indent, "", n->name, n->value);
        else {
            printf("%*s%s {\n", indent, "", n->name);
            print_tree(n->child, indent + 4); /* FLAW: CWE-674 */
            printf("%*s}\n", indent, "");
        }
    }
}

int main(void)
{
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text - 1, stdin);
    lexer lx = { text };
    int err = 0;
    node *root;

    text[len] = '\0';
    root = parse_block(&lx, &err);
    if (err || *lx.p != '\0') {
        fprintf(stderr, "syntax error at offset %ld\n", (long)(lx.p - text));
        free_tree(root);
        return 1;
    }
    print_tree(root, 0);
    free_tree(root);
    return 0;
}
