/*
 * stack_vm.c - interpreter for a tiny stack language used in the
 * report generator's formula fields.
 *
 * Tokens: integers, + - * /, dup, swap, print. Example: "3 4 + dup * print"
 * Every operation checks the stack depth before touching it; the
 * assertions only document the interpreter's own invariants.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>
#include <limits.h>

#define STACK_MAX 64

typedef struct {
    long v[STACK_MAX];
    int sp;
} vm;

static int push(vm *m, long x)
{
    if (m->sp >= STACK_MAX)
        return -1;
    m->v[m->sp++] = x;
    assert(m->sp > 0 && m->sp <= STACK_MAX);
    return 0;
}

static long pop(vm *m)
{
    assert(m->sp > 0);          /* callers check depth first */
    return m->v[--m->sp];
}

static int binop(vm *m, char op)
{
    long b, a, r;

    if (m->sp < 2)
        return -1;
    b = pop(m);
    a = pop(m);
    switch (op) {
    case '+': if (__builtin_add_overflow(a, b, &r)) return -1; break;
    case '-': if (__builtin_sub_overflow(a, b, &r)) return -1; break;
    case '*': if (__builtin_mul_overflow(a, b, &r)) return -1; break;
    case '/': if (b == 0 || (a == LONG_MIN && b == -1)) return -1; r = a / b; break;
    default:  return -1;
    }
    return push(m, r);
}

static int run(vm *m, char *prog)
{
    for (char *t = strtok(prog, " \t\n"); t; t = strtok(NULL, " \t\n")) {
        char *end;
        long x = strtol(t, &end, 10);
        int rc;

        if (*end == '\0' && end != t)
            rc = push(m, x);
        else if (strlen(t) == 1 && strchr("+-*/", t[0]))
            rc = binop(m, t[0]);
        else if (strcmp(t, "dup") == 0)
            rc = m->sp >= 1 ? push(m, m->v[m->sp - 1]) : -1;
        else if (strcmp(t, "swap") == 0 && m->sp >= 2) {
            long a = pop(m), b = pop(m);
            rc = push(m, a) || push(m, b);
        } else if (strcmp(t, "print") == 0 && m->sp >= 1)
            rc = printf("%ld\n", m->v[m->sp - 1]) < 0;
        else
            rc = -1;
        if (rc != 0) {
            fprintf(stderr, "error at '%s'\n", t);
            return -1;
        }
    }
    return 0;
}

int main(void)
{
    char line[1024];
    vm m;

    while (fgets(line, sizeof line, stdin)) {
        m.sp = 0;
        run(&m, line);
    }
    return 0;
}
