/* minihttpd -- serve static files from a document root over HTTP/1.0.

   Only GET is supported; query strings are ignored, directories get 404.
   usage: minihttpd PORT DOCROOT  */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define REQ_MAX 4096

static char *docroot;           /* canonical document root */

static int
write_all (int fd, const void *buf, size_t n)
{
  const char *p = buf;

  while (n > 0)
    {
      ssize_t w = write (fd, p, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return -1;
      p += w;
      n -= (size_t) w;
    }
  return 0;
}

static void
send_status (int fd, int code, const char *reason)
{
  char hdr[128];
  int n = snprintf (hdr, sizeof hdr, "HTTP/1.0 %d %s\r\n\r\n", code, reason);

  if (n > 0 && (size_t) n < sizeof hdr)
    write_all (fd, hdr, (size_t) n);
}

/* Send the file named by the URL path PATH (which starts with '/').  */
static void
serve_file (int fd, const char *path)
{
  char full[PATH_MAX];
  char buf[8192];
  struct stat st;
  ssize_t n;
  int file, len;

  len = snprintf (full, sizeof full, "%s%s", docroot, path);
  if (len < 0 || (size_t) len >= sizeof full)
    {
      send_status (fd, 414, "URI Too Long");
      return;
    }

  file = open (full, O_RDONLY); /* FLAW: CWE-22 */
  if (file < 0 || fstat (file, &st) < 0 || !S_ISREG (st.st_mode))
    {
      send_status (fd, 404, "Not Found");
      if (file >= 0)
        close (file);
      return;
    }

  len = snprintf (buf, sizeof buf,
                  "HTTP/1.0 200 OK\r\nContent-Length: %lld\r\n\r\n",
                  (long long) st.st_size);
  if (len > 0 && (size_t) len < sizeof buf
      && write_all (fd, buf, (size_t) len) == 0)
    {
      while ((n = read (file, buf, sizeof buf)) > 0)
        if (write_all (fd, buf, (size_t) n) < 0)
          break;
    }
  close (file);
}

/* Read the request line, check it and hand the path to serve_file.  */
static void
handle_client (int fd)
{
  char req[REQ_MAX];
  size_t used = 0;
  char *path, *end;

  req[0] = '\0';
  while (strstr (req, "\r\n") == NULL)
    {
      ssize_t n;

      if (used == sizeof req - 1)
        {
          send_status (fd, 414, "URI Too Long");
          return;
        }
      n = read (fd, req + used, sizeof req - 1 - used);
      if (n <= 0)
        return;
      used += (size_t) n;
      req[used] = '\0';
    }

  if (strncmp (req, "GET /", 5) != 0)
    {
      send_status (fd, 400, "Bad Request");
      return;
    }
  path = req + 4;
  end = path + strcspn (path, " ?\r\n");
  *end = '\0';
  serve_file (fd, path);
}

int
main (int argc, char **argv)
{
  struct sockaddr_in addr;
  int srv, one = 1;
  long port;
  char *end;

  if (argc != 3)
    {
      fprintf (stderr, "usage: %s PORT DOCROOT\n", argv[0]);
      return 2;
    }
  port = strtol (argv[1], &end, 10);
  if (*end != '\0' || port <= 0 || port > 65535)
    {
      fprintf (stderr, "invalid port: %s\n", argv[1]);
      return 2;
    }
  /* a client closing early must not kill the server */
  signal (SIGPIPE, SIG_IGN);
  docroot = realpath (argv[2], NULL);
  if (docroot == NULL)
    {
      perror (argv[2]);
      return 1;
    }

  memset (&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl (INADDR_ANY);
  addr.sin_port = htons ((unsigned short) port);
  srv = socket (AF_INET, SOCK_STREAM, 0);
  if (srv < 0
      || setsockopt (srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0
      || bind (srv, (struct sockaddr *) &addr, sizeof addr) < 0
      || listen (srv, 32) < 0)
    {
      perror ("listening socket");
      if (srv >= 0)
        close (srv);
      free (docroot);
      return 1;
    }

  for (;;)
    {
      int fd = accept (srv, NULL, NULL);
      if (fd < 0)
        {
          if (errno == EINTR || errno == ECONNABORTED)
            continue;
          perror ("accept");
          break;
        }
      handle_client (fd);
      close (fd);
    }
  close (srv);
  free (docroot);
  return 1;
}
