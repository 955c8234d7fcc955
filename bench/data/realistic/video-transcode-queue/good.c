/* transq: reads "input output preset" jobs from a queue file and runs ffmpeg for each */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define FIELD 256

struct job {
    char input[FIELD];
    char output[FIELD];
    char preset[32];
};

static int next_job(FILE *q, struct job *j)
{
    char line[3 * FIELD];

    while (fgets(line, sizeof line, q) != NULL) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "%255s %255s %31s", j->input, j->output, j->preset) == 3)
            return 1;
        fprintf(stderr, "transq: bad job line: %s", line);
    }
    return 0;
}

/* names from the queue go to ffmpeg as separate arguments: no shell ever parses them */
static int run_job(const struct job *j)
{
    char *const args[] = {
        "ffmpeg", "-loglevel", "error", "-y", "-i", (char *)j->input,
        "-preset", (char *)j->preset, "--", (char *)j->output, NULL
    };
    int status;
    pid_t pid = fork();

    if (pid < 0)
        return -1;
    if (pid == 0) {
        execvp(args[0], args);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
    struct job j;
    FILE *q;
    int done = 0, failed = 0;

    q = fopen(argc > 1 ? argv[1] : "queue.txt", "r");
    if (q == NULL) {
        perror("queue");
        return 1;
    }
    while (next_job(q, &j)) {
        if (run_job(&j) == 0)
            done++;
        else
            failed++;
    }
    fclose(q);
    printf("%d done, %d failed\n", done, failed);
    return failed > 0;
}
