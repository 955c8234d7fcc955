#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

/* Echo one fixed-size greeting back to a connected client. */
void echo_greeting(int sock)
{
    char buf[64];

    memset(buf, 0, sizeof buf);
    recv(sock, buf, sizeof buf - 1, 0); /* FLAW: unchecked_io */
    send(sock, "hello ", 6, 0); /* FLAW: unchecked_io */
    send(sock, buf, strlen(buf), 0); /* FLAW: unchecked_io */
}
