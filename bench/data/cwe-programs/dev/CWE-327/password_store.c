/*
 * password_store.c - manages the user file of the embedded web UI.
 *
 * usage: password_store USERFILE USERNAME
 * Prompts for a new password and stores "username:hexdigest" in
 * USERFILE, replacing any previous entry for that user.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>
#include <openssl/md5.h>

#define MAX_USERS 128

static int read_password(char *buf, size_t cap)
{
    struct termios old, quiet;
    int tty, ok;

    fputs("new password: ", stderr);
    /* Turn off echo when reading from a terminal. */
    tty = tcgetattr(STDIN_FILENO, &old) == 0;
    if (tty) {
        quiet = old;
        quiet.c_lflag &= ~(tcflag_t)ECHO;
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    ok = fgets(buf, (int)cap, stdin) != NULL;
    if (tty)
        tcsetattr(STDIN_FILENO, TCSANOW, &old);
    fputc('\n', stderr);
    if (!ok)
        return -1;
    buf[strcspn(buf, "\n")] = '\0';
    return strlen(buf) >= 8 ? 0 : -1;
}

static void digest_password(const char *pw, char hex[2 * MD5_DIGEST_LENGTH + 1])
{
    unsigned char md[MD5_DIGEST_LENGTH];

    MD5((const unsigned char *)pw, strlen(pw), md); /* FLAW: CWE-327 */
    for (int i = 0; i < MD5_DIGEST_LENGTH; i++)
        sprintf(hex + 2 * i, "%02x", md[i]);
}

int main(int argc, char **argv)
{
    static char lines[MAX_USERS][256];
    char pw[128], hex[2 * MD5_DIGEST_LENGTH + 1];
    size_t ulen;
    int n = 0, fd;
    FILE *f;

    if (argc != 3 || strchr(argv[2], ':')) {
        fprintf(stderr, "usage: %s USERFILE USERNAME\n", argv[0]);
        return 2;
    }
    ulen = strlen(argv[2]);
    if ((f = fopen(argv[1], "r")) != NULL) {
        while (n < MAX_USERS && fgets(lines[n], sizeof lines[n], f))
            if (!(strncmp(lines[n], argv[2], ulen) == 0 && lines[n][ulen] == ':'))
                n++;
        fclose(f);
    }
    if (read_password(pw, sizeof pw) != 0) {
        fprintf(stderr, "password must have at least 8 characters\n");
        return 1;
    }
    digest_password(pw, hex);
    memset(pw, 0, sizeof pw);

    fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
        perror(argv[1]);
        if (fd >= 0)
            close(fd);
        return 1;
    }
    for (int i = 0; i < n; i++)
        fputs(lines[i], f);
    fprintf(f, "%s:%s\n", argv[2], hex);
    return fclose(f) == 0 ? 0 : 1;
}
