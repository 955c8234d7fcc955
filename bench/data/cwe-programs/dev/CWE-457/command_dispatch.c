/*
 * command_dispatch - a small calculator REPL with named commands:
 *   add A B | sub A B | mul A B | neg A | help
 * Every path through the dispatcher sets the result or reports an error.
 */
#include <stdio.h>
#include <string.h>

typedef enum { OK, ERR_ARGS, ERR_UNKNOWN } status_t;

static status_t dispatch(const char *cmd, int argc, const long *args, long *result)
{
  *result = 0;
  if (strcmp (cmd, "add") == 0 || strcmp (cmd, "sub") == 0 || strcmp (cmd, "mul") == 0)
    {
      if (argc != 2)
        return ERR_ARGS;
      if (cmd[0] == 'a')
        *result = args[0] + args[1];
      else if (cmd[0] == 's')
        *result = args[0] - args[1];
      else
        *result = args[0] * args[1];
      return OK;
    }
  if (strcmp (cmd, "neg") == 0)
    {
      if (argc != 1)
        return ERR_ARGS;
      *result = -args[0];
      return OK;
    }
  return ERR_UNKNOWN;
}

int
main (void)
{
  char line[128], cmd[16];
  long args[2] = { 0, 0 };

  while (fgets (line, sizeof line, stdin))
    {
      long result;
      int n = sscanf (line, "%15s %ld %ld", cmd, &args[0], &args[1]);
      status_t st;

      if (n < 1)
        continue;
      if (strcmp (cmd, "help") == 0)
        {
          puts ("add A B | sub A B | mul A B | neg A");
          continue;
        }
      /* keep the operands small so the arithmetic cannot overflow */
      if ((n > 1 && (args[0] > 1000000 || args[0] < -1000000))
          || (n > 2 && (args[1] > 1000000 || args[1] < -1000000)))
        {
          puts ("operand out of range");
          continue;
        }
      st = dispatch (cmd, n - 1, args, &result);
      switch (st)
        {
        case OK:
          printf ("%ld\n", result);
          break;
        case ERR_ARGS:
          puts ("wrong number of arguments");
          break;
        case ERR_UNKNOWN:
          printf ("unknown command %s\n", cmd);
          break;
        }
    }
  return 0;
}
