/*
 * session_file_writer.c - persists the web application's session
 * table (session id -> user id) to disk on shutdown.
 *
 * Reads "sid uid" lines from stdin and replaces SESSION_FILE
 * atomically: the data is written to a private temporary file in the
 * same directory which is then renamed over the old file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#define SESSION_DIR  "/var/lib/webapp"
#define SESSION_FILE SESSION_DIR "/sessions.dat"

int main(void)
{
    char tmpl[] = SESSION_DIR "/.sessions.XXXXXX";
    char line[256], sid[129];
    long uid, count = 0;
    FILE *out;
    int fd;

    fd = mkstemp(tmpl);                     /* created with mode 0600 */
    if (fd < 0) {
        perror("mkstemp");
        return 1;
    }
    if (fchmod(fd, S_IRUSR | S_IWUSR) != 0 || (out = fdopen(fd, "w")) == NULL) {
        perror(tmpl);
        close(fd);
        unlink(tmpl);
        return 1;
    }
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%128s %ld", sid, &uid) != 2)
            continue;
        fprintf(out, "%s %ld\n", sid, uid);
        count++;
    }
    if (fflush(out) != 0 || fsync(fileno(out)) != 0) {
        perror(tmpl);
        fclose(out);
        unlink(tmpl);
        return 1;
    }
    if (fclose(out) != 0 || rename(tmpl, SESSION_FILE) != 0) {
        perror(SESSION_FILE);
        unlink(tmpl);
        return 1;
    }
    printf("%ld session(s) saved\n", count);
    return 0;
}
