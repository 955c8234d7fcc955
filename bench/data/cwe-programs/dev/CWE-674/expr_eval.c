/*
 * expr_eval.c - command-line calculator.
 *
 * usage: expr_eval "EXPRESSION"
 * Grammar:  expr   := term (('+'|'-') term)*
 *           term   := factor (('*'|'/') factor)*
 *           factor := '-'* (NUMBER | '(' expr ')')
 */
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>

struct parser {
    const char *p;
    int error;
};

static double expr(struct parser *ps);

static void skip_ws(struct parser *ps)
{
    while (isspace((unsigned char)*ps->p))
        ps->p++;
}

static double factor(struct parser *ps)
{
    double v, sign = 1.0;
    char *end;

    /* Any number of unary minus signs. */
    for (skip_ws(ps); *ps->p == '-'; skip_ws(ps)) {
        sign = -sign;
        ps->p++;
    }
    if (*ps->p == '(') {
        ps->p++;
        v = expr(ps); /* FLAW: CWE-674 */
        skip_ws(ps);
        if (*ps->p != ')') {
            ps->error = 1;
            return 0;
        }
        ps->p++;
        return sign * v;
    }
    v = strtod(ps->p, &end);
    if (end == ps->p)
        ps->error = 1;
    ps->p = end;
    return sign * v;
}

static double term(struct parser *ps)
{
    double v = factor(ps);

    for (;;) {
        skip_ws(ps);
        if (*ps->p == '*') { ps->p++; v *= factor(ps); }
        else if (*ps->p == '/') { ps->p++; v /= factor(ps); }
        else return v;
    }
}

static double expr(struct parser *ps)
{
    double v = term(ps);

    for (;;) {
        skip_ws(ps);
        if (*ps->p == '+') { ps->p++; v += term(ps); }
        else if (*ps->p == '-') { ps->p++; v -= term(ps); }
        else return v;
    }
}

int main(int argc, char **argv)
{
    struct parser ps;
    double result;

    if (argc != 2) {
        fprintf(stderr, "usage: %s \"EXPRESSION\"\n", argv[0]);
        return 2;
    }
    ps.p = argv[1];
    ps.error = 0;
    result = expr(&ps);
    skip_ws(&ps);
    if (ps.error || *ps.p != '\0') {
        fprintf(stderr, "syntax error near '%s'\n", ps.p);
        return 1;
    }
    printf("%.10g\n", result);
    return 0;
}
