/* variant_stack_vm: a tiny stack machine reading one instruction per
 * line from stdin:
 *   int N      push an integer
 *   str TEXT   push a string
 *   add        pop two integers, push their sum
 *   len        pop a string, push its length
 *   print      print the top of the stack
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STACK_MAX 64

typedef enum { V_INT, V_STR } vtag;

typedef struct {
    vtag tag;
    union {
        long i;
        char *s;
    } u;
} value;

static value stack[STACK_MAX];
static int sp;

static int push(value v)
{
    if (sp == STACK_MAX)
        return -1;
    stack[sp++] = v;
    return 0;
}

static int pop(value *v)
{
    if (sp == 0)
        return -1;
    *v = stack[--sp];
    return 0;
}

static void release(value *v)
{
    if (v->tag == V_STR)
        free(v->u.s);
}

static int op_len(void)
{
    value v, r;

    if (pop(&v) != 0)
        return -1;
    r.tag = V_INT;
    r.u.i = (long)strlen(v.u.s); /* FLAW: CWE-843 */
    release(&v);
    return push(r);
}

static int op_add(void)
{
    value a, b, r;

    if (sp < 2 || stack[sp - 1].tag != V_INT || stack[sp - 2].tag != V_INT)
        return -1;
    pop(&b);
    pop(&a);
    r.tag = V_INT;
    r.u.i = a.u.i + b.u.i;
    return push(r);
}

int main(void)
{
    char line[256];
    value v;

    while (fgets(line, sizeof line, stdin)) {
        int rc = 0;

        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "int ", 4) == 0) {
            v.tag = V_INT;
            v.u.i = strtol(line + 4, NULL, 10) % 1000000;
            rc = push(v);
        } else if (strncmp(line, "str ", 4) == 0) {
            v.tag = V_STR;
            v.u.s = strdup(line + 4);
            rc = v.u.s ? push(v) : -1;
            if (rc != 0)
                free(v.u.s);
        } else if (strcmp(line, "add") == 0) {
            rc = op_add();
        } else if (strcmp(line, "len") == 0) {
            rc = op_len();
        } else if (strcmp(line, "print") == 0 && sp > 0) {
            if (stack[sp - 1].tag == V_INT)
                printf("%ld\n", stack[sp - 1].u.i);
            else
                printf("\"%s\"\n", stack[sp - 1].u.s);
        }
        if (rc != 0)
            fprintf(stderr, "error: %s\n", line);
    }
    while (pop(&v) == 0)
        release(&v);
    return 0;
}
