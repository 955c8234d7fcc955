/* guestbook -- add an entry to the guest book at the entrance kiosk.

   Asks for the visitor's nickname and a one-line message and appends
   both, with the date, to the guest book file.  */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BOOK_FILE "guestbook.txt"
#define NICK_LEN 24
#define MSG_LEN 200

/* Replace tabs, control characters and the newline so that every entry
   stays on one tab-separated line.  */
static void
clean_text (char *s)
{
  s[strcspn (s, "\r\n")] = '\0';
  for (; *s != '\0'; s++)
    if (iscntrl ((unsigned char) *s))
      *s = ' ';
}

int
main (void)
{
  char nick[NICK_LEN];
  char msg[MSG_LEN];
  char date[32];
  time_t now;
  struct tm tm;
  FILE *book;
  int c;

  fputs ("Your nickname (one word): ", stdout);
  fflush (stdout);
  if (scanf ("%23s", nick) != 1)
    return 1;
  /* drop the rest of the nickname line */
  while ((c = getchar ()) != '\n' && c != EOF)
    ;

  fputs ("Your message: ", stdout);
  fflush (stdout);
  if (fgets (msg, sizeof msg, stdin) == NULL)
    return 1;
  clean_text (nick);
  clean_text (msg);
  if (msg[0] == '\0')
    {
      puts ("Nothing to write, bye.");
      return 0;
    }

  now = time (NULL);
  if (localtime_r (&now, &tm) == NULL
      || strftime (date, sizeof date, "%Y-%m-%d %H:%M", &tm) == 0)
    strcpy (date, "?");

  book = fopen (BOOK_FILE, "a");
  if (book == NULL)
    {
      perror (BOOK_FILE);
      return 1;
    }
  fprintf (book, "%s\t%s\t%s\n", date, nick, msg);
  if (fclose (book) != 0)
    {
      perror (BOOK_FILE);
      return 1;
    }
  printf ("Thank you, %s!\n", nick);
  return 0;
}
