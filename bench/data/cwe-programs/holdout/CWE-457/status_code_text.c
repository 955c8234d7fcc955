/* status_code_text: read an HTTP access log on stdin (status code is the
 * last-but-one field) and print each line with the reason phrase. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void annotate(const char *line, int code)
{
	const char *reason;

	switch (code / 100) {
	case 2:
		reason = code == 204 ? "No Content" : "OK";
		break;
	case 3:
		reason = code == 304 ? "Not Modified" : "Redirect";
		break;
	case 4:
		reason = code == 404 ? "Not Found" : "Client Error";
		break;
	case 5:
		reason = "Server Error";
		break;
	}
	printf("%-60.60s  %d %s\n", line, code, reason); /* FLAW: CWE-457 */
}

static int status_field(char *line)
{
	char *last = NULL, *prev = NULL, *tok, *save = NULL;

	for (tok = strtok_r(line, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
		prev = last;
		last = tok;
	}
	return prev ? atoi(prev) : -1;
}

int main(void)
{
	char line[1024], copy[1024];

	while (fgets(line, sizeof(line), stdin)) {
		int code;

		line[strcspn(line, "\n")] = '\0';
		strcpy(copy, line);
		code = status_field(copy);
		if (code < 0)
			continue;
		annotate(line, code);
	}
	return 0;
}
