/* mksession -- create a login session for USER and print its token.

   The token is appended to the session table together with the user
   name and the expiry time; the web front end looks tokens up there.

   usage: mksession USER [TTL-SECONDS]  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SESSION_FILE "/var/lib/webapp/sessions"
#define TOKEN_BYTES 16
#define USER_MAX 32
#define DEFAULT_TTL 3600L

/* Fill HEX (at least 2 * TOKEN_BYTES + 1 bytes) with a new token.  */
static void
make_token (char *hex)
{
  static const char digits[] = "0123456789abcdef";
  unsigned char raw[TOKEN_BYTES];
  size_t i;

  for (i = 0; i < TOKEN_BYTES; i++)
    raw[i] = (unsigned char) (rand () & 0xff); /* FLAW: CWE-338 */
  for (i = 0; i < TOKEN_BYTES; i++)
    {
      hex[2 * i] = digits[raw[i] >> 4];
      hex[2 * i + 1] = digits[raw[i] & 0x0f];
    }
  hex[2 * TOKEN_BYTES] = '\0';
}

/* User names are restricted to what the account system allows.  */
static int
valid_user (const char *u)
{
  size_t n = strlen (u);

  if (n == 0 || n > USER_MAX)
    return 0;
  return strspn (u, "abcdefghijklmnopqrstuvwxyz"
                    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

int
main (int argc, char **argv)
{
  char token[2 * TOKEN_BYTES + 1];
  char record[128];
  long ttl = DEFAULT_TTL;
  int fd, len;
  ssize_t w;

  if (argc < 2 || argc > 3)
    {
      fprintf (stderr, "usage: %s USER [TTL-SECONDS]\n", argv[0]);
      return 2;
    }
  if (!valid_user (argv[1]))
    {
      fprintf (stderr, "%s: invalid user name\n", argv[0]);
      return 2;
    }
  if (argc == 3)
    {
      char *end;
      errno = 0;
      ttl = strtol (argv[2], &end, 10);
      if (errno != 0 || *end != '\0' || ttl <= 0 || ttl > 86400L * 30)
        {
          fprintf (stderr, "%s: invalid TTL: %s\n", argv[0], argv[2]);
          return 2;
        }
    }

  srand ((unsigned int) time (NULL) ^ (unsigned int) getpid ());
  make_token (token);

  len = snprintf (record, sizeof record, "%s %s %lld\n", argv[1], token,
                  (long long) time (NULL) + ttl);
  if (len < 0 || (size_t) len >= sizeof record)
    return 1;

  fd = open (SESSION_FILE, O_WRONLY | O_APPEND | O_CREAT, 0600);
  if (fd < 0)
    {
      perror (SESSION_FILE);
      return 1;
    }
  w = write (fd, record, (size_t) len);
  if (w != len || close (fd) != 0)
    {
      perror (SESSION_FILE);
      if (w != len)
        close (fd);
      return 1;
    }

  printf ("%s\n", token);
  return 0;
}
