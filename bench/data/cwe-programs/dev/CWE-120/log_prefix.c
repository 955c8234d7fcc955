/* log_prefix: copy stdin to stdout, prefixing every line with a
 * timestamp and a severity guessed from the line contents. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#define IN_LINE  512
#define OUT_LINE 160

static const char *guess_level(const char *msg)
{
	if (strstr(msg, "error") || strstr(msg, "fail"))
		return "ERROR";
	if (strstr(msg, "warn"))
		return "WARN";
	return "INFO";
}

static void now_string(char *buf, size_t n)
{
	time_t t = time(NULL);
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%d %H:%M:%S", &tm);
}

static void format_line(char *out, const char *ts, const char *msg)
{
	sprintf(out, "[%s] %-5s %s", ts, guess_level(msg), msg); /* FLAW: CWE-120 */
}

int main(void)
{
	char in[IN_LINE];
	char out[OUT_LINE];
	char ts[32];
	unsigned long n = 0;

	while (fgets(in, sizeof(in), stdin)) {
		in[strcspn(in, "\n")] = '\0';
		now_string(ts, sizeof(ts));
		format_line(out, ts, in);
		puts(out);
		n++;
	}
	fprintf(stderr, "%lu lines\n", n);
	return 0;
}
