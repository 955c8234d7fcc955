/* jsonseq2lines -- turn a JSON text sequence (RFC 7464: every text is
   preceded by an ASCII record separator, 0x1E) on standard input into
   one text per line, for tools that expect newline-delimited JSON.

   Trailing white space of each text is removed and empty texts are
   dropped.  Texts must not contain raw newlines other than trailing
   ones; those are replaced by spaces.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RS 0x1e
#define CHUNK 8192
#define MAX_PENDING (64u * 1024 * 1024)

int
main (void)
{
  char *pending = NULL;
  size_t have = 0, cap = 0;
  int at_eof = 0, rc = 0;

  while (!at_eof)
    {
      ssize_t n;

      if (cap - have < CHUNK)
        {
          char *np;

          if (cap + CHUNK > MAX_PENDING)
            {
              fprintf (stderr, "jsonseq2lines: text too large\n");
              rc = 1;
              break;
            }
          np = realloc (pending, cap + CHUNK);
          if (np == NULL)
            {
              perror ("jsonseq2lines");
              rc = 1;
              break;
            }
          pending = np;
          cap += CHUNK;
        }

      n = read (STDIN_FILENO, pending + have, cap - have);
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          perror ("jsonseq2lines: read");
          rc = 1;
          break;
        }
      if (n == 0)
        at_eof = 1;             /* the rest is the last text */
      have += (size_t) n;

      /* print every complete text: everything before a separator, and
         at the end of input whatever is left */
      for (;;)
        {
          char *rs = memchr (pending, RS, have);
          size_t len, i;
          char *rec;

          if (rs == NULL && !(at_eof && have > 0))
            break;
          len = rs != NULL ? (size_t) (rs - pending) : have;

          rec = malloc (len);
          if (rec == NULL)
            {
              perror ("jsonseq2lines");
              rc = 1;
              break;
            }
          memcpy (rec, pending, len);
          rec[len] = '\0'; /* FLAW: CWE-193 */

          /* consume the text and its separator */
          have -= rs != NULL ? len + 1 : len;
          memmove (pending, pending + (rs != NULL ? len + 1 : len), have);

          while (len > 0 && (rec[len - 1] == '\n' || rec[len - 1] == '\r'
                             || rec[len - 1] == ' ' || rec[len - 1] == '\t'))
            rec[--len] = '\0';
          for (i = 0; i < len; i++)
            if (rec[i] == '\n' || rec[i] == '\r')
              rec[i] = ' ';
          if (len > 0)
            puts (rec);
          free (rec);
        }
      if (rc != 0)
        break;
    }

  free (pending);
  if (fflush (stdout) != 0)
    rc = 1;
  return rc;
}
