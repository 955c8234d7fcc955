/*
 * upload_finalize.c - runs as root after an SFTP upload completes and
 * makes the uploaded file readable by the web server group.
 *
 * usage: upload_finalize PATH
 * Only files owned by the uploading account are touched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pwd.h>
#include <unistd.h>
#include <sys/stat.h>

#define UPLOAD_USER "sftpupload"
#define WEB_GID 33

static int owned_by_uploader(const char *path, uid_t uploader)
{
    struct stat st;

    if (stat(path, &st) != 0) {
        perror(path);
        return 0;
    }
    return S_ISREG(st.st_mode) && st.st_uid == uploader;
}

int main(int argc, char **argv)
{
    struct passwd *pw;

    if (argc != 2) {
        fprintf(stderr, "usage: %s PATH\n", argv[0]);
        return 2;
    }
    if ((pw = getpwnam(UPLOAD_USER)) == NULL) {
        fprintf(stderr, "user %s missing\n", UPLOAD_USER);
        return 1;
    }
    if (!owned_by_uploader(argv[1], pw->pw_uid)) {
        fprintf(stderr, "%s: not an upload, leaving it alone\n", argv[1]);
        return 1;
    }

    if (chown(argv[1], pw->pw_uid, WEB_GID) != 0) { /* FLAW: CWE-367 */
        perror("chown");
        return 1;
    }
    if (chmod(argv[1], 0640) != 0) { /* FLAW: CWE-367 */
        perror("chmod");
        return 1;
    }
    printf("%s published\n", argv[1]);
    return 0;
}
