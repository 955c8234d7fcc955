/*
 * expression_calc.c - integer calculator used by the build system to
 * evaluate version arithmetic such as "(MAJOR*100 + MINOR) % 256".
 * Expressions come one per line on stdin with variables already
 * substituted. Parenthesis nesting is limited to MAX_NESTING.
 */
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>

#define MAX_NESTING 32

typedef struct {
    const char *p;
    int depth;
    int err;
} calc;

static long sum(calc *c);

static void blank(calc *c) { while (*c->p == ' ' || *c->p == '\t') c->p++; }

static long atom(calc *c)
{
    long v = 0;

    blank(c);
    if (*c->p == '(') {
        if (++c->depth > MAX_NESTING) {
            c->err = 1;
            return 0;
        }
        c->p++;
        v = sum(c);
        blank(c);
        if (*c->p != ')')
            c->err = 1;
        else
            c->p++;
        c->depth--;
        return v;
    }
    if (!isdigit((unsigned char)*c->p)) {
        c->err = 1;
        return 0;
    }
    while (isdigit((unsigned char)*c->p) && v < 100000000L)
        v = v * 10 + (*c->p++ - '0');
    if (isdigit((unsigned char)*c->p))
        c->err = 1;
    return v;
}

static long product(calc *c)
{
    long v = atom(c), r;

    for (blank(c); !c->err && (*c->p == '*' || *c->p == '%'); blank(c)) {
        char op = *c->p++;
        r = atom(c);
        if (op == '*') {
            if (__builtin_mul_overflow(v, r, &v)) c->err = 1;
        } else if (r == 0) {
            c->err = 1;
        } else {
            v %= r;
        }
    }
    return v;
}

static long sum(calc *c)
{
    long v = product(c), r;

    for (blank(c); !c->err && (*c->p == '+' || *c->p == '-'); blank(c)) {
        char op = *c->p++;
        r = product(c);
        if (op == '+' ? __builtin_add_overflow(v, r, &v) : __builtin_sub_overflow(v, r, &v))
            c->err = 1;
    }
    return v;
}

int main(void)
{
    char line[512];

    while (fgets(line, sizeof line, stdin)) {
        calc c = { line, 0, 0 };
        long v = sum(&c);
        blank(&c);
        if (c.err || (*c.p != '\n' && *c.p != '\0'))
            puts("error");
        else
            printf("%ld\n", v);
    }
    return 0;
}
