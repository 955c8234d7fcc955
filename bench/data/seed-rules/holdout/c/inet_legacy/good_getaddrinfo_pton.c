#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

int resolve_ipv4(const char *host, struct in_addr *out)
{
    struct addrinfo hints, *res = NULL;

    if (inet_pton(AF_INET, host, out) == 1)
        return 0;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, NULL, &hints, &res) != 0 || res == NULL)
        return -1;
    *out = ((const struct sockaddr_in *)res->ai_addr)->sin_addr;
    freeaddrinfo(res);
    return 0;
}

int format_ipv4(const struct in_addr *addr, char *buf, socklen_t size)
{
    return inet_ntop(AF_INET, addr, buf, size) != NULL ? 0 : -1;
}
