/*
 * rpn - integer reverse Polish notation calculator.
 *
 * Reads whitespace separated tokens from standard input: integers are
 * pushed, + - * / % pop two values and push the result, "p" prints the
 * top of the stack, "c" clears the stack.
 *
 *   $ echo '7 5 - 3 * p' | rpn
 *   6
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STACK_MAX 64
#define TOKEN_LEN 64

struct stack {
	long v[STACK_MAX];
	int n;
};

static int push(struct stack *s, long x)
{
	if (s->n == STACK_MAX) {
		fprintf(stderr, "rpn: stack overflow\n");
		return -1;
	}
	s->v[s->n++] = x;
	return 0;
}

static int pop2(struct stack *s, long *a, long *b)
{
	if (s->n < 2) {
		fprintf(stderr, "rpn: stack underflow\n");
		return -1;
	}
	*b = s->v[--s->n];
	*a = s->v[--s->n];
	return 0;
}

int main(void)
{
	struct stack st = { { 0 }, 0 };
	char tok[TOKEN_LEN];

	while (scanf("%63s", tok) == 1) {
		if (strlen(tok) == 1 && strchr("+-*/%", tok[0]) != NULL) {
			/* binary operator: on error the operands stay on the stack */
			long a, b, r = 0;
			int ovf = 0;

			if (pop2(&st, &a, &b) < 0)
				continue;
			switch (tok[0]) {
			case '+':
				ovf = __builtin_add_overflow(a, b, &r);
				break;
			case '-':
				ovf = __builtin_sub_overflow(a, b, &r);
				break;
			case '*':
				ovf = __builtin_mul_overflow(a, b, &r);
				break;
			case '/':
				if (a == LONG_MIN && b == -1)
					ovf = 1;
				else
					r = a / b; /* FLAW: CWE-369 */
				break;
			default: /* '%' */
				if (a == LONG_MIN && b == -1)
					r = 0;
				else
					r = a % b; /* FLAW: CWE-369 */
				break;
			}
			if (ovf) {
				fprintf(stderr, "rpn: overflow\n");
				st.n += 2;
				continue;
			}
			push(&st, r);
		} else if (strcmp(tok, "p") == 0) {
			if (st.n == 0)
				fprintf(stderr, "rpn: empty stack\n");
			else
				printf("%ld\n", st.v[st.n - 1]);
		} else if (strcmp(tok, "c") == 0) {
			st.n = 0;
		} else {
			char *end;
			long x;

			errno = 0;
			x = strtol(tok, &end, 10);
			if (errno != 0 || *end != '\0') {
				fprintf(stderr, "rpn: unknown token '%s'\n", tok);
				continue;
			}
			push(&st, x);
		}
	}
	return 0;
}
