/* a tiny job queue: jobs are read from stdin, run, and removed */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct job {
    struct job *next;
    int id;
    char cmd[64];
};

static struct job *push(struct job *head, int id, const char *cmd)
{
    struct job *j = malloc(sizeof *j);
    if (j == NULL)
        return head;
    j->id = id;
    snprintf(j->cmd, sizeof j->cmd, "%s", cmd);
    j->next = head;
    return j;
}

static void drain(struct job *head)
{
    struct job *j = head;
    while (j != NULL) {
        struct job *done = j;
        printf("job %d: %s\n", j->id, j->cmd);
        free(done);
        j = j->next; /* FLAW: CWE-416 */
    }
}

int main(void)
{
    char line[64];
    struct job *head = NULL;
    int id = 0;

    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        head = push(head, ++id, line);
    }
    drain(head);
    return 0;
}
