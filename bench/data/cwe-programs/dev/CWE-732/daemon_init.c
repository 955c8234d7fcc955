/*
 * daemon_init.c - start-up code of the print accounting daemon:
 * detaches, creates its state directory and accounting ledger, and
 * then records one ledger line per job read from its FIFO.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>
#include <sys/stat.h>

#define STATE_DIR "/var/lib/printacct"
#define LEDGER    STATE_DIR "/ledger.csv"
#define JOB_FIFO  STATE_DIR "/jobs"

static int detach(void)
{
    pid_t pid = fork();

    if (pid < 0)
        return -1;
    if (pid > 0)
        _exit(0);
    if (setsid() < 0 || chdir("/") != 0)
        return -1;
    umask(0); /* FLAW: CWE-732 */
    return 0;
}

static int prepare_state(void)
{
    if (mkdir(STATE_DIR, 0755) != 0 && errno != EEXIST)
        return -1;
    if (mkfifo(JOB_FIFO, 0620) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

int main(void)
{
    char line[256];
    FILE *fifo, *ledger;

    if (detach() != 0 || prepare_state() != 0) {
        perror("printacct");
        return 1;
    }
    ledger = fopen(LEDGER, "a"); /* FLAW: CWE-732 */
    if (ledger == NULL)
        return 1;

    for (;;) {
        if ((fifo = fopen(JOB_FIFO, "r")) == NULL)
            return 1;
        while (fgets(line, sizeof line, fifo)) {
            char user[64];
            int pages;
            if (sscanf(line, "%63s %d", user, &pages) == 2 && pages > 0) {
                fprintf(ledger, "%ld,%s,%d\n", (long)time(NULL), user, pages);
                fflush(ledger);
            }
        }
        fclose(fifo);
    }
}
