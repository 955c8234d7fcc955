/* token_stack_pop: reverse Polish notation calculator.
 *
 *   echo "3 4 + 2 *" | token_stack_pop
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct stack_node {
    double value;
    struct stack_node *next;
} stack_node;

typedef struct {
    stack_node *top;
    int depth;
} stack;

static int push(stack *s, double v)
{
    stack_node *n = malloc(sizeof *n);
    if (!n)
        return -1;
    n->value = v;
    n->next = s->top;
    s->top = n;
    s->depth++;
    return 0;
}

/* Caller must make sure the stack is not empty. */
static double pop(stack *s)
{
    stack_node *n = s->top;

    s->top = n->next;
    s->depth--;
    free(n);
    return n->value; /* FLAW: CWE-416 */
}

static int apply(stack *s, char op)
{
    double b, a;

    if (s->depth < 2)
        return -1;
    b = pop(s);
    a = pop(s);
    switch (op) {
    case '+': return push(s, a + b);
    case '-': return push(s, a - b);
    case '*': return push(s, a * b);
    case '/': return push(s, a / b);
    }
    return -1;
}

int main(void)
{
    stack s = { NULL, 0 };
    char tok[64];
    int rc = 0;

    while (scanf("%63s", tok) == 1) {
        char *end;
        double v = strtod(tok, &end);

        if (*end == '\0') {
            if (push(&s, v) != 0) { rc = 1; break; }
        } else if (strlen(tok) == 1 && strchr("+-*/", tok[0])) {
            if (apply(&s, tok[0]) != 0) {
                fprintf(stderr, "not enough operands for '%s'\n", tok);
                rc = 1;
                break;
            }
        } else {
            fprintf(stderr, "unrecognised token '%s'\n", tok);
            rc = 1;
            break;
        }
    }
    if (rc == 0 && s.depth == 1)
        printf("%g\n", pop(&s));
    else if (rc == 0)
        fprintf(stderr, "expression left %d values\n", s.depth);
    while (s.depth > 0)
        pop(&s);
    return rc;
}
