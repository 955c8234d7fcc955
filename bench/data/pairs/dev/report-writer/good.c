/*
 * dfreport - write a disk usage report for the given mount points.
 *
 * The tool is installed setgid "adm" so that operators can drop reports
 * into /var/log/reports.  The output must be a regular file (never a
 * symlink), so that the group permission cannot be used to overwrite
 * other files.
 *
 * usage: dfreport OUTPUT MOUNTPOINT...
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#define KIB 1024ULL

static void report_one(FILE *fp, const char *mnt)
{
	struct statvfs sv;
	unsigned long long total, avail, used;

	if (statvfs(mnt, &sv) != 0) {
		fprintf(fp, "%-24s  error: %s\n", mnt, strerror(errno));
		return;
	}
	total = (unsigned long long)sv.f_blocks * sv.f_frsize / KIB;
	avail = (unsigned long long)sv.f_bavail * sv.f_frsize / KIB;
	used = (unsigned long long)(sv.f_blocks - sv.f_bfree) * sv.f_frsize / KIB;

	if (total == 0)
		fprintf(fp, "%-24s  %12s %12s %12s    -\n", mnt, "-", "-", "-");
	else
		fprintf(fp, "%-24s  %12llu %12llu %12llu  %3llu%%\n", mnt,
			total, used, avail, used * 100 / total);
}

int main(int argc, char **argv)
{
	const char *out;
	struct stat st;
	char stamp[64];
	struct tm tm;
	time_t now;
	FILE *fp;
	int fd, i;

	if (argc < 3) {
		fprintf(stderr, "usage: %s OUTPUT MOUNTPOINT...\n", argv[0]);
		return 2;
	}
	out = argv[1];

	/*
	 * refuse to write through symlinks or into special files: open
	 * without following links, then check what was actually opened
	 */
	fd = open(out, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0640);
	if (fd < 0) {
		perror(out);
		return 1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		fprintf(stderr, "%s: not a regular file\n", out);
		close(fd);
		return 1;
	}
	if (ftruncate(fd, 0) != 0 || (fp = fdopen(fd, "w")) == NULL) {
		perror(out);
		close(fd);
		return 1;
	}

	now = time(NULL);
	if (localtime_r(&now, &tm) == NULL ||
	    strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M:%S", &tm) == 0)
		strcpy(stamp, "unknown time");
	fprintf(fp, "disk usage report, %s\n", stamp);
	fprintf(fp, "%-24s  %12s %12s %12s  %s\n", "mount", "KiB total",
		"KiB used", "KiB avail", "use");
	for (i = 2; i < argc; i++)
		report_one(fp, argv[i]);

	if (fclose(fp) != 0) {
		perror(out);
		return 1;
	}
	return 0;
}
