/*
 * public_report.c - publishes the daily service status page.
 *
 * Reads "service status" lines from stdin and writes an HTML page to
 * the public web root, where the web server (a different user) must be
 * able to read it. The page contains no private data.
 *
 * usage: public_report WEBROOT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

static void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else fputc(*s, f);
    }
}

int main(int argc, char **argv)
{
    char dir[512], tmp[600], final[600], line[256], svc[64], status[32], when[64];
    time_t now = time(NULL);
    struct tm tmv;
    FILE *out;
    int fd;

    if (argc != 2) {
        fprintf(stderr, "usage: %s WEBROOT\n", argv[0]);
        return 2;
    }
    snprintf(dir, sizeof dir, "%s/status", argv[1]);
    snprintf(tmp, sizeof tmp, "%s/.index.html.new", dir);
    snprintf(final, sizeof final, "%s/index.html", dir);

    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        perror(dir);
        return 1;
    }
    /* World-readable on purpose: this is the public status page. */
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
    if (fd < 0 || (out = fdopen(fd, "w")) == NULL) {
        perror(tmp);
        return 1;
    }
    strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", gmtime_r(&now, &tmv));
    fprintf(out, "<!doctype html>\n<title>Service status</title>\n<h1>Status at %s</h1>\n<ul>\n", when);
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%63s %31s", svc, status) != 2)
            continue;
        fputs("<li>", out);
        html_text(out, svc);
        fputs(": ", out);
        html_text(out, status);
        fputs("</li>\n", out);
    }
    fputs("</ul>\n", out);
    if (fclose(out) != 0 || rename(tmp, final) != 0) {
        perror(final);
        return 1;
    }
    return 0;
}
