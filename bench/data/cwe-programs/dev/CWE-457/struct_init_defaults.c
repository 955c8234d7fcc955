/* struct_init_defaults: build a connection descriptor from command line
 * options (-h host, -p port, -t timeout, -v) on top of built-in
 * defaults, then print it in URL form. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct conn_opts {
	char host[128];
	int port;
	int timeout_s;
	int verbose;
};

static const struct conn_opts defaults = {
	.host = "localhost",
	.port = 5432,
	.timeout_s = 30,
	.verbose = 0,
};

static int parse_int(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*end != '\0' || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

int main(int argc, char **argv)
{
	struct conn_opts o = defaults;
	int c;

	while ((c = getopt(argc, argv, "h:p:t:v")) != -1) {
		switch (c) {
		case 'h':
			snprintf(o.host, sizeof(o.host), "%s", optarg);
			break;
		case 'p':
			if (parse_int(optarg, 1, 65535, &o.port) != 0) {
				fprintf(stderr, "invalid port %s\n", optarg);
				return 2;
			}
			break;
		case 't':
			if (parse_int(optarg, 1, 3600, &o.timeout_s) != 0) {
				fprintf(stderr, "invalid timeout %s\n", optarg);
				return 2;
			}
			break;
		case 'v':
			o.verbose = 1;
			break;
		default:
			fprintf(stderr, "usage: %s [-h host] [-p port] [-t secs] [-v]\n", argv[0]);
			return 2;
		}
	}
	printf("tcp://%s:%d/?timeout=%d\n", o.host, o.port, o.timeout_s);
	if (o.verbose)
		fprintf(stderr, "options: host=%s port=%d timeout=%d\n",
			o.host, o.port, o.timeout_s);
	return 0;
}
