/*
 * print_queue.c - interactive front end for the office printer.
 *
 * Prompts for a document path and a number of copies and submits the
 * job to the "office" print queue.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUEUE "office"
#define MAX_COPIES 20

struct print_job {
    char document[200];
    int copies;
};

static int ask_job(struct print_job *job)
{
    printf("document: ");
    if (scanf("%199s", job->document) != 1)
        return -1;
    printf("copies: ");
    if (scanf("%d", &job->copies) != 1)
        return -1;
    if (job->copies < 1 || job->copies > MAX_COPIES)
        return -1;
    return 0;
}

static int submit(const struct print_job *job)
{
    char cmd[300];
    char num[16];

    strcpy(cmd, "lpr -P " QUEUE " -#");
    snprintf(num, sizeof num, "%d ", job->copies);
    strcat(cmd, num);
    strcat(cmd, job->document);

    return system(cmd); /* FLAW: CWE-78 */
}

int main(void)
{
    struct print_job job;
    int rc;

    if (ask_job(&job) != 0) {
        fprintf(stderr, "invalid job\n");
        return 1;
    }
    rc = submit(&job);
    if (rc != 0) {
        fprintf(stderr, "lpr failed (%d)\n", rc);
        return 1;
    }
    printf("queued %d copies of %s on %s\n", job.copies, job.document, QUEUE);
    return 0;
}
