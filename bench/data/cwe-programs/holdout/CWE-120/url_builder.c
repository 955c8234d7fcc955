/*
 * url_builder - build a query URL from a base address and key=value
 * arguments:
 *
 *   url_builder https://example.org/search q=cats page=2
 */
#include <stdio.h>
#include <string.h>

#define URL_CAP 512

/* Append s to the NUL-terminated string in buf (capacity cap). */
static int append(char *buf, size_t cap, const char *s)
{
  size_t used = strlen (buf);
  size_t add = strlen (s);

  if (add >= cap - used)
    return -1;
  strncat (buf, s, cap - used - 1);
  return 0;
}

static int
append_escaped (char *buf, size_t cap, const char *s)
{
  char enc[4];

  for (; *s; s++)
    {
      unsigned char c = (unsigned char) *s;
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9') || strchr ("-_.~=", c))
        {
          enc[0] = (char) c;
          enc[1] = '\0';
        }
      else
        snprintf (enc, sizeof enc, "%%%02X", c);
      if (append (buf, cap, enc) != 0)
        return -1;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  char url[URL_CAP];
  int i;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s BASE [key=value...]\n", argv[0]);
      return 1;
    }
  if (strlen (argv[1]) >= sizeof url)
    {
      fprintf (stderr, "base URL too long\n");
      return 1;
    }
  strcpy (url, argv[1]);

  for (i = 2; i < argc; i++)
    {
      if (append (url, sizeof url, i == 2 ? "?" : "&") != 0
          || append_escaped (url, sizeof url, argv[i]) != 0)
        {
          fprintf (stderr, "URL would exceed %d bytes\n", URL_CAP - 1);
          return 1;
        }
    }
  puts (url);
  return 0;
}
