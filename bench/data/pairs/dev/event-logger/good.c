/*
 * evlog - read events from standard input, one per line, and append them
 * to a log file with a timestamp and a severity tag.
 *
 * Input lines look like "LEVEL text...", LEVEL being one of
 * debug, info, warn or error.  Lines below the threshold are dropped.
 *
 * usage: some-daemon | evlog [-v] LOGFILE
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LINE_LEN 1024

enum { LV_DEBUG, LV_INFO, LV_WARN, LV_ERROR, LV_COUNT };

static const char *const level_names[LV_COUNT] = {
	"debug", "info", "warn", "error"
};

static FILE *log_fp;
static int min_level = LV_INFO;

/* printf-style logging with timestamp and level prefix */
static void log_msg(int level, const char *fmt, ...)
{
	char stamp[32];
	time_t now;
	struct tm tm;
	va_list ap;

	if (level < min_level)
		return;
	now = time(NULL);
	if (localtime_r(&now, &tm) == NULL ||
	    strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M:%S", &tm) == 0)
		strcpy(stamp, "-");

	fprintf(log_fp, "%s [%s] ", stamp, level_names[level]);
	va_start(ap, fmt);
	vfprintf(log_fp, fmt, ap);
	va_end(ap);
	fputc('\n', log_fp);
	fflush(log_fp);
}

static int parse_level(const char *word, size_t len)
{
	int i;

	for (i = 0; i < LV_COUNT; i++) {
		if (strlen(level_names[i]) == len &&
		    strncmp(level_names[i], word, len) == 0)
			return i;
	}
	return -1;
}

int main(int argc, char **argv)
{
	char line[LINE_LEN];
	const char *path;

	if (argc == 3 && strcmp(argv[1], "-v") == 0) {
		min_level = LV_DEBUG;
		path = argv[2];
	} else if (argc == 2) {
		path = argv[1];
	} else {
		fprintf(stderr, "usage: %s [-v] LOGFILE\n", argv[0]);
		return 2;
	}

	log_fp = fopen(path, "a");
	if (log_fp == NULL) {
		perror(path);
		return 1;
	}

	while (fgets(line, sizeof(line), stdin) != NULL) {
		size_t wlen;
		char *text;
		int lvl;

		/* split "LEVEL text" and forward the text to the log */
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '\0')
			continue;
		wlen = strcspn(line, " \t");
		lvl = parse_level(line, wlen);
		if (lvl < 0) {
			log_msg(LV_WARN, "unrecognised event: %s", line);
			continue;
		}
		text = line + wlen;
		text += strspn(text, " \t");
		log_msg(lvl, "%s", text);
	}

	if (fclose(log_fp) != 0) {
		perror(path);
		return 1;
	}
	return 0;
}
