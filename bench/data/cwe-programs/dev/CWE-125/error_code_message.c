/* error_code_message: translate numeric status codes reported by a
 * device driver log into readable messages.
 *
 *   error_code_message 3 7 12
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const char *const status_text[] = {
	"ok",
	"device busy",
	"timeout waiting for device",
	"checksum mismatch",
	"unsupported command",
	"buffer overrun reported by device",
	"device not ready",
	"power failure",
};

static const char *status_message(long code)
{
	if (code < 0 || (unsigned long)code >= ARRAY_SIZE(status_text))
		return NULL;
	return status_text[code];
}

static int parse_code(const char *s, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 0);
	if (errno != 0 || end == s || *end != '\0')
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	int i, rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s CODE...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		long code;
		const char *msg;

		if (parse_code(argv[i], &code) != 0) {
			fprintf(stderr, "%s: not a number\n", argv[i]);
			rc = 1;
			continue;
		}
		msg = status_message(code);
		if (msg)
			printf("%ld: %s\n", code, msg);
		else
			printf("%ld: unknown status\n", code);
	}
	return rc;
}
