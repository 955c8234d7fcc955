/*
 * log_dir_setup.c - installer step that prepares the log directory of
 * the order service: /var/log/orders owned by the service user and
 * readable by the "adm" group for log shippers.
 *
 * usage: log_dir_setup SERVICE_USER
 */
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <unistd.h>
#include <sys/stat.h>

#define LOG_DIR "/var/log/orders"
#define LOG_FILES_N 2

static const char *LOG_FILES[LOG_FILES_N] = { LOG_DIR "/access.log", LOG_DIR "/error.log" };

static int ensure_file(const char *path, uid_t uid, gid_t gid)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0640);

    if (fd < 0)
        return -1;
    if (fchown(fd, uid, gid) != 0 || fchmod(fd, 0640) != 0) {
        close(fd);
        return -1;
    }
    return close(fd);
}

int main(int argc, char **argv)
{
    struct passwd *pw;
    struct group *adm;

    if (argc != 2) {
        fprintf(stderr, "usage: %s SERVICE_USER\n", argv[0]);
        return 2;
    }
    if ((pw = getpwnam(argv[1])) == NULL || (adm = getgrnam("adm")) == NULL) {
        fprintf(stderr, "user %s or group adm missing\n", argv[1]);
        return 1;
    }
    if (mkdir(LOG_DIR, 0750) != 0 && errno != EEXIST) {
        perror(LOG_DIR);
        return 1;
    }
    if (chown(LOG_DIR, pw->pw_uid, adm->gr_gid) != 0 || chmod(LOG_DIR, 02750) != 0) {
        perror(LOG_DIR);
        return 1;
    }
    for (int i = 0; i < LOG_FILES_N; i++) {
        if (ensure_file(LOG_FILES[i], pw->pw_uid, adm->gr_gid) != 0) {
            perror(LOG_FILES[i]);
            return 1;
        }
    }
    printf("%s ready for %s\n", LOG_DIR, argv[1]);
    return 0;
}
