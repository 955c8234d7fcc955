/*
 * linked_list_remove - read integers from stdin into a singly linked
 * list, remove every occurrence of the value given on the command line,
 * then print what is left.
 */
#include <stdio.h>
#include <stdlib.h>

struct node {
	int value;
	struct node *next;
};

static struct node *push_back(struct node **head, struct node *tail, int v)
{
	struct node *n = malloc(sizeof(*n));

	if (!n)
		return NULL;
	n->value = v;
	n->next = NULL;
	if (tail)
		tail->next = n;
	else
		*head = n;
	return n;
}

/* Unlink and free all nodes holding `v`; returns how many were removed. */
static int remove_all(struct node **head, int v)
{
	struct node *prev = NULL, *cur = *head;
	int removed = 0;

	while (cur) {
		if (cur->value == v) {
			if (prev)
				prev->next = cur->next;
			else
				*head = cur->next;
			free(cur);
			removed++;
			cur = cur->next; /* FLAW: CWE-416 */
		} else {
			prev = cur;
			cur = cur->next;
		}
	}
	return removed;
}

static void free_list(struct node *n)
{
	while (n) {
		struct node *next = n->next;
		free(n);
		n = next;
	}
}

int main(int argc, char **argv)
{
	struct node *head = NULL, *tail = NULL, *n;
	int v, target, removed;

	if (argc != 2) {
		fprintf(stderr, "usage: %s VALUE < numbers\n", argv[0]);
		return 1;
	}
	target = atoi(argv[1]);

	while (scanf("%d", &v) == 1) {
		tail = push_back(&head, tail, v);
		if (!tail) {
			perror("malloc");
			free_list(head);
			return 1;
		}
	}

	removed = remove_all(&head, target);
	for (n = head; n; n = n->next)
		printf("%d\n", n->value);
	fprintf(stderr, "removed %d\n", removed);
	free_list(head);
	return 0;
}
