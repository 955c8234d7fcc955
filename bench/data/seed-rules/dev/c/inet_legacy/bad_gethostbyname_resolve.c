#include <netdb.h>
#include <netinet/in.h>
#include <string.h>

/* Resolve a host name to an IPv4 address. */
int resolve_ipv4(const char *host, struct in_addr *out)
{
    struct hostent *he = gethostbyname(host); /* FLAW: inet_legacy */

    if (he == NULL || he->h_addrtype != AF_INET || he->h_addr_list[0] == NULL)
        return -1;
    memcpy(out, he->h_addr_list[0], sizeof(*out));
    return 0;
}
