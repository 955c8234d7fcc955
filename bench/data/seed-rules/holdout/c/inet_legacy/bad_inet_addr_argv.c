#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    struct sockaddr_in sa;

    if (argc < 2)
        return 2;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons(80);
    sa.sin_addr.s_addr = inet_addr(argv[1]); /* FLAW: inet_legacy */
    printf("target %s\n", inet_ntoa(sa.sin_addr)); /* FLAW: inet_legacy */
    return 0;
}
