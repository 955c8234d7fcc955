/* strbuf.c -- growable, always NUL-terminated string buffer used by the
   report generators.

     void  sb_init (struct strbuf *sb);
     int   sb_append (struct strbuf *sb, const char *s, size_t n);
     int   sb_appends (struct strbuf *sb, const char *s);
     int   sb_appendf (struct strbuf *sb, const char *fmt, ...);
     char *sb_release (struct strbuf *sb);
     void  sb_free (struct strbuf *sb);

   All functions returning int give 0 on success and -1 when memory
   cannot be obtained; the buffer is left unchanged in that case.  */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SB_MIN_CAP 64

struct strbuf
{
  char *buf;
  size_t len;
  size_t cap;
};

void
sb_init (struct strbuf *sb)
{
  if (sb == NULL)
    return;
  sb->buf = NULL;
  sb->len = 0;
  sb->cap = 0;
}

/* Make room for EXTRA more bytes plus the terminating NUL.  */
static int
sb_grow (struct strbuf *sb, size_t extra)
{
  size_t need, ncap;
  char *nb;

  if (extra > SIZE_MAX - sb->len - 1)
    return -1;
  need = sb->len + extra + 1;
  if (need <= sb->cap)
    return 0;
  ncap = sb->cap ? sb->cap : SB_MIN_CAP;
  while (ncap < need)
    {
      if (ncap > SIZE_MAX / 2)
        {
          ncap = need;
          break;
        }
      ncap *= 2;
    }
  nb = realloc (sb->buf, ncap);
  if (nb == NULL)
    return -1;
  sb->buf = nb;
  sb->cap = ncap;
  return 0;
}

int
sb_append (struct strbuf *sb, const char *s, size_t n)
{
  if (sb == NULL || s == NULL || sb_grow (sb, n) < 0)
    return -1;
  memcpy (sb->buf + sb->len, s, n);
  sb->len += n;
  sb->buf[sb->len] = '\0';
  return 0;
}

int
sb_appends (struct strbuf *sb, const char *s)
{
  if (s == NULL)
    return -1;
  return sb_append (sb, s, strlen (s));
}

int
sb_appendf (struct strbuf *sb, const char *fmt, ...)
{
  va_list ap;
  int n;

  if (sb == NULL || fmt == NULL)
    return -1;
  va_start (ap, fmt);
  n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (n < 0 || sb_grow (sb, (size_t) n) < 0)
    return -1;

  va_start (ap, fmt);
  vsnprintf (sb->buf + sb->len, sb->cap - sb->len, fmt, ap);
  va_end (ap);
  sb->len += (size_t) n;
  return 0;
}

/* Hand the string over to the caller, who must free it.  */
char *
sb_release (struct strbuf *sb)
{
  char *s;

  if (sb == NULL)
    return NULL;
  s = sb->buf;
  if (s == NULL)
    s = calloc (1, 1);
  sb_init (sb);
  return s;
}

void
sb_free (struct strbuf *sb)
{
  if (sb == NULL)
    return;
  free (sb->buf);
  sb_init (sb);
}
