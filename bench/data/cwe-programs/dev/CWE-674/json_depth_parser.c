/*
 * json_depth_parser.c - validates JSON documents read from stdin and
 * prints the number of values of each kind. Nesting deeper than
 * MAX_DEPTH levels is rejected.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_DEPTH 64
#define MAX_INPUT (1 << 20)

typedef struct {
    const char *s;
    unsigned long objects, arrays, strings, numbers, literals;
} json_ctx;

static int value(json_ctx *c, int depth);

static void ws(json_ctx *c) { while (isspace((unsigned char)*c->s)) c->s++; }

static int string(json_ctx *c)
{
    if (*c->s != '"') return -1;
    for (c->s++; *c->s && *c->s != '"'; c->s++)
        if (*c->s == '\\' && c->s[1]) c->s++;
    if (*c->s != '"') return -1;
    c->s++;
    c->strings++;
    return 0;
}

static int container(json_ctx *c, char close, int depth, int is_object)
{
    c->s++;
    ws(c);
    if (*c->s == close) { c->s++; return 0; }
    for (;;) {
        if (is_object) {
            ws(c);
            if (string(c) != 0) return -1;
            ws(c);
            if (*c->s++ != ':') return -1;
        }
        if (value(c, depth + 1) != 0) return -1;
        ws(c);
        if (*c->s == ',') { c->s++; continue; }
        if (*c->s == close) { c->s++; return 0; }
        return -1;
    }
}

static int value(json_ctx *c, int depth)
{
    if (depth > MAX_DEPTH)
        return -1;
    ws(c);
    switch (*c->s) {
    case '{': c->objects++; return container(c, '}', depth, 1);
    case '[': c->arrays++;  return container(c, ']', depth, 0);
    case '"': return string(c);
    }
    if (!strncmp(c->s, "true", 4) || !strncmp(c->s, "null", 4)) { c->s += 4; c->literals++; return 0; }
    if (!strncmp(c->s, "false", 5)) { c->s += 5; c->literals++; return 0; }
    char *end;
    strtod(c->s, &end);
    if (end == c->s) return -1;
    c->s = end;
    c->numbers++;
    return 0;
}

int main(void)
{
    char *buf = malloc(MAX_INPUT + 1);
    size_t n;
    json_ctx c = {0};

    if (!buf)
        return 2;
    n = fread(buf, 1, MAX_INPUT, stdin);
    buf[n] = '\0';
    c.s = buf;
    if (value(&c, 0) != 0 || (ws(&c), *c.s != '\0')) {
        fprintf(stderr, "invalid JSON (or nested deeper than %d) at offset %ld\n",
                MAX_DEPTH, (long)(c.s - buf));
        free(buf);
        return 1;
    }
    printf("objects %lu, arrays %lu, strings %lu, numbers %lu, literals %lu\n",
           c.objects, c.arrays, c.strings, c.numbers, c.literals);
    free(buf);
    return 0;
}
