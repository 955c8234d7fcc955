/*
 * resolve_host - resolve host names given on the command line and print
 * every address returned, with its socket type and scope id.
 *
 *   resolve_host localhost ::1 example.org
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

static const char *socktype_name(int t)
{
	switch (t) {
	case SOCK_STREAM: return "stream";
	case SOCK_DGRAM:  return "dgram";
	case SOCK_RAW:    return "raw";
	default:          return "other";
	}
}

static void print_entry(const char *host, const struct addrinfo *ai)
{
	const struct sockaddr_in6 *sa = (const struct sockaddr_in6 *)ai->ai_addr;
	char buf[INET6_ADDRSTRLEN];

	if (!inet_ntop(ai->ai_family, &sa->sin6_addr, buf, sizeof(buf))) /* FLAW: CWE-843 */
		strcpy(buf, "?");
	printf("%-20s %-40s %-6s scope %u\n", host, buf, socktype_name(ai->ai_socktype),
	       (unsigned)sa->sin6_scope_id); /* FLAW: CWE-843 */
}

int main(int argc, char **argv)
{
	struct addrinfo hints, *res, *ai;
	int i, rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s HOST...\n", argv[0]);
		return 2;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;

	for (i = 1; i < argc; i++) {
		int err = getaddrinfo(argv[i], NULL, &hints, &res);

		if (err != 0) {
			fprintf(stderr, "%s: %s\n", argv[i], gai_strerror(err));
			rc = 1;
			continue;
		}
		for (ai = res; ai; ai = ai->ai_next)
			print_entry(argv[i], ai);
		freeaddrinfo(res);
	}
	return rc;
}
