/*
 * klog_export.c - installed setuid root; reads the raw kernel log
 * ring (which needs privilege), then switches back to the invoking
 * user and writes a filtered copy to a file of the user's choosing.
 *
 * usage: klog_export OUTPUT_FILE [PATTERN]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/klog.h>

#define SYSLOG_ACTION_READ_ALL 3
#define KLOG_BUF (256 * 1024)

static char *read_kernel_log(int *len)
{
    char *buf = malloc(KLOG_BUF);

    if (buf == NULL)
        return NULL;
    *len = klogctl(SYSLOG_ACTION_READ_ALL, buf, KLOG_BUF);
    if (*len < 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static void write_filtered(FILE *out, char *log, int len, const char *pattern)
{
    char *line = log, *end = log + len;

    while (line < end) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t l = nl ? (size_t)(nl - line) + 1 : (size_t)(end - line);
        if (pattern == NULL || memmem(line, l, pattern, strlen(pattern)) != NULL)
            fwrite(line, 1, l, out);
        line += l;
    }
}

int main(int argc, char **argv)
{
    char *log;
    int len;
    FILE *out;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s OUTPUT_FILE [PATTERN]\n", argv[0]);
        return 2;
    }

    log = read_kernel_log(&len);
    if (log == NULL) {
        perror("klogctl");
        return 1;
    }

    /* Privileged part done: continue as the real user. */
    setuid(getuid()); /* FLAW: CWE-252 */

    out = fopen(argv[1], "w");
    if (out == NULL) {
        perror(argv[1]);
        free(log);
        return 1;
    }
    write_filtered(out, log, len, argc == 3 ? argv[2] : NULL);
    free(log);
    if (fclose(out) != 0) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}
