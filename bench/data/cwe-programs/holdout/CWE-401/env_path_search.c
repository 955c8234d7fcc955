/*
 * env_path_search - like `which`: print the first executable matching
 * each command name, searching the directories of $PATH.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Search $PATH for cmd. On success writes the full path to out. */
static int find_in_path(const char *cmd, char *out, size_t outsz)
{
  const char *env = getenv ("PATH");
  char *dirs, *dir, *save = NULL;

  if (env == NULL || *env == '\0')
    env = "/usr/local/bin:/usr/bin:/bin";
  dirs = strdup (env);
  if (dirs == NULL)
    return -1;

  for (dir = strtok_r (dirs, ":", &save); dir != NULL;
       dir = strtok_r (NULL, ":", &save))
    {
      int n = snprintf (out, outsz, "%s/%s", *dir ? dir : ".", cmd);

      if (n < 0 || (size_t) n >= outsz)
        continue;
      if (access (out, X_OK) == 0)
        return 0; /* FLAW: CWE-401 */
    }
  free (dirs);
  return -1;
}

int
main (int argc, char **argv)
{
  char path[PATH_MAX];
  int i, missing = 0;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s COMMAND...\n", argv[0]);
      return 2;
    }
  for (i = 1; i < argc; i++)
    {
      if (strchr (argv[i], '/') != NULL)
        {
          if (access (argv[i], X_OK) == 0)
            puts (argv[i]);
          else
            missing++;
          continue;
        }
      if (find_in_path (argv[i], path, sizeof path) == 0)
        puts (path);
      else
        {
          fprintf (stderr, "%s: not found\n", argv[i]);
          missing++;
        }
    }
  return missing ? 1 : 0;
}
