#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static int open_log(const char *path)
{
    return open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
}

int main(void)
{
    int fd;

    umask(0); /* FLAW: open_permissive_perms */
    fd = open("/tmp/mydaemon.sock.lock", O_RDWR | O_CREAT, 0777); /* FLAW: open_permissive_perms */
    if (fd < 0) {
        perror("open");
        return 1;
    }
    if (open_log("/tmp/mydaemon.log") < 0)
        return 1;
    return 0;
}
