/* mailreport: reads "address subject" lines on stdin and mails today's report to each */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPORT "/var/lib/mailreport/today.txt"
#define MAX_CMD 512

static int copy_report(FILE *out)
{
    char buf[4096];
    size_t n;
    FILE *in = fopen(REPORT, "r");

    if (in == NULL)
        return -1;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        fwrite(buf, 1, n, out);
    fclose(in);
    return 0;
}

static int send_report(const char *addr, const char *subject)
{
    char cmd[MAX_CMD];
    FILE *mail;
    int n;

    n = snprintf(cmd, sizeof cmd, "mail -s '%s' %s", subject, addr);
    if (n < 0 || (size_t)n >= sizeof cmd)
        return -1;
    mail = popen(cmd, "w"); /* FLAW: CWE-78 */
    if (mail == NULL)
        return -1;
    copy_report(mail);
    return pclose(mail) == 0 ? 0 : -1;
}

int main(void)
{
    char line[256];
    int failed = 0;

    while (fgets(line, sizeof line, stdin) != NULL) {
        char *addr = strtok(line, " \t\n");
        char *subject = strtok(NULL, "\n");

        if (addr == NULL)
            continue;
        if (subject == NULL)
            subject = "daily report";
        if (send_report(addr, subject) != 0) {
            fprintf(stderr, "mailreport: could not mail %s\n", addr);
            failed++;
        }
    }
    return failed ? 1 : 0;
}
