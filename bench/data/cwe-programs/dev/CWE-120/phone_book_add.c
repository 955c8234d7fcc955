/*
 * phone_book_add - interactive phone book. Commands on stdin:
 *   add NAME NUMBER
 *   list
 *   quit
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ENTRIES 100

typedef struct {
  char name[24];
  char number[16];
} entry_t;

typedef struct {
  entry_t items[MAX_ENTRIES];
  int count;
} phone_book_t;

static void
book_list (const phone_book_t *pb)
{
  int i;

  for (i = 0; i < pb->count; i++)
    printf ("%-24s %s\n", pb->items[i].name, pb->items[i].number);
  printf ("(%d entries)\n", pb->count);
}

static int
book_add (phone_book_t *pb)
{
  entry_t *e;

  if (pb->count >= MAX_ENTRIES)
    return -1;
  e = &pb->items[pb->count];
  if (scanf ("%s", e->name) != 1) /* FLAW: CWE-120 */
    return -1;
  if (scanf ("%15s", e->number) != 1)
    return -1;
  pb->count++;
  return 0;
}

int
main (void)
{
  static phone_book_t pb;
  char cmd[16];

  printf ("> ");
  fflush (stdout);
  while (scanf ("%15s", cmd) == 1)
    {
      if (strcmp (cmd, "add") == 0)
        {
          if (book_add (&pb) != 0)
            fprintf (stderr, "could not add entry\n");
        }
      else if (strcmp (cmd, "list") == 0)
        book_list (&pb);
      else if (strcmp (cmd, "quit") == 0)
        break;
      else
        fprintf (stderr, "unknown command '%s'\n", cmd);
      printf ("> ");
      fflush (stdout);
    }
  return EXIT_SUCCESS;
}
