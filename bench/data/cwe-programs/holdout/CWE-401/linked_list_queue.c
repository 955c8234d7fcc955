/*
 * linked_list_queue - print-job spooler simulation. Commands on stdin:
 *   submit USER PAGES
 *   run            process the oldest job
 *   status
 * Jobs still queued at exit are discarded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct job {
    int id;
    char *user;
    int pages;
    struct job *next;
} job_t;

typedef struct {
    job_t *head, *tail;
    int next_id, queued;
} spool_t;

static void job_free(job_t *j)
{
    free(j->user);
    free(j);
}

static int submit(spool_t *sp, const char *user, int pages)
{
    job_t *j = malloc(sizeof *j);

    if (!j)
        return -1;
    j->user = strdup(user);
    if (!j->user) {
        free(j);
        return -1;
    }
    j->id = ++sp->next_id;
    j->pages = pages;
    j->next = NULL;
    if (sp->tail)
        sp->tail->next = j;
    else
        sp->head = j;
    sp->tail = j;
    sp->queued++;
    return j->id;
}

static void run_one(spool_t *sp)
{
    job_t *j = sp->head;

    if (!j) {
        puts("queue empty");
        return;
    }
    sp->head = j->next;
    if (!sp->head)
        sp->tail = NULL;
    sp->queued--;
    printf("printing job %d for %s (%d pages)\n", j->id, j->user, j->pages);
    job_free(j);
}

int main(void)
{
    spool_t sp = { NULL, NULL, 0, 0 };
    char line[128], user[32];
    int pages;

    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "submit %31s %d", user, &pages) == 2 && pages > 0) {
            int id = submit(&sp, user, pages);
            if (id < 0)
                fprintf(stderr, "out of memory\n");
            else
                printf("job %d queued\n", id);
        } else if (strncmp(line, "run", 3) == 0) {
            run_one(&sp);
        } else if (strncmp(line, "status", 6) == 0) {
            printf("%d jobs queued\n", sp.queued);
        }
    }
    while (sp.head) {
        job_t *next = sp.head->next;
        job_free(sp.head);
        sp.head = next;
    }
    return 0;
}
