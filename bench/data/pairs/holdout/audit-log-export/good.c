/* auditexport -- copy the calling user's entries from the audit log into
   a file of the user's choice.

   The audit log is readable by root only, so the program is installed
   setuid root.  The output file is written on behalf of the user and must
   therefore be one the user may write.

   Log lines look like "2024-05-01T10:22:13 uid=1000 login tty1 ok".

   usage: auditexport OUTPUT  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define AUDIT_LOG "/var/log/app/audit.log"
#define LINE_LEN 1024

int
main (int argc, char **argv)
{
  char line[LINE_LEN];
  char needle[32];
  unsigned long copied = 0;
  const char *out_path;
  FILE *log, *out;
  uid_t uid = getuid ();

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s OUTPUT\n", argv[0]);
      return 2;
    }
  out_path = argv[1];

  log = fopen (AUDIT_LOG, "r");
  if (log == NULL)
    {
      perror (AUDIT_LOG);
      return 1;
    }

  /* the log is open; give up root permanently so that the output file is
     opened with the real user's permissions */
  if (setgid (getgid ()) != 0 || setuid (uid) != 0)
    {
      perror ("dropping privileges");
      fclose (log);
      return 1;
    }

  out = fopen (out_path, "w");
  if (out == NULL)
    {
      perror (out_path);
      fclose (log);
      return 1;
    }

  snprintf (needle, sizeof needle, " uid=%lu ", (unsigned long) uid);
  while (fgets (line, sizeof line, log) != NULL)
    {
      if (strstr (line, needle) != NULL)
        {
          fputs (line, out);
          copied++;
        }
    }

  fclose (log);
  if (fclose (out) != 0)
    {
      perror (out_path);
      return 1;
    }
  printf ("%lu entries written to %s\n", copied, out_path);
  return 0;
}
