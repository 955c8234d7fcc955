/*
 * file_open_mode - open a file with a mode given by name and report what
 * happened:
 *
 *   file_open_mode read notes.txt
 *   file_open_mode append log.txt "text to add"
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int mode_flags(const char *name, int *flags)
{
	if (strcmp(name, "read") == 0)
		*flags = O_RDONLY;
	else if (strcmp(name, "write") == 0)
		*flags = O_WRONLY | O_CREAT | O_TRUNC;
	else if (strcmp(name, "append") == 0)
		*flags = O_WRONLY | O_CREAT | O_APPEND;
	else
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	int flags;
	int fd;

	if (argc < 3) {
		fprintf(stderr, "usage: %s read|write|append FILE [TEXT]\n", argv[0]);
		return 2;
	}
	if (mode_flags(argv[1], &flags) != 0)
		fprintf(stderr, "unknown mode '%s', using default\n", argv[1]);

	fd = open(argv[2], flags, 0644); /* FLAW: CWE-457 */
	if (fd < 0) {
		fprintf(stderr, "%s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	if ((flags & O_ACCMODE) != O_RDONLY && argc > 3) {
		size_t n = strlen(argv[3]);

		if (write(fd, argv[3], n) != (ssize_t)n || write(fd, "\n", 1) != 1)
			perror("write");
	} else {
		char buf[512];
		ssize_t n;

		while ((n = read(fd, buf, sizeof(buf))) > 0)
			fwrite(buf, 1, (size_t)n, stdout);
	}
	close(fd);
	return 0;
}
