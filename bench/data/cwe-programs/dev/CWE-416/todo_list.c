/*
 * todo_list - keep a to-do list in memory. Commands:
 *   add TEXT     append an item
 *   done N       remove item N (1-based)
 *   show         list items
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
  char *text;
  struct item *next;
};

static struct item *
item_new (const char *text)
{
  struct item *it = malloc (sizeof *it);

  if (it == NULL)
    return NULL;
  it->text = strdup (text);
  if (it->text == NULL)
    {
      free (it);
      return NULL;
    }
  it->next = NULL;
  return it;
}

static void
item_free (struct item *it)
{
  free (it->text);
  free (it);
}

/* Remove the n-th item (1-based). Returns 0 if it existed. */
static int
list_remove (struct item **head, int n)
{
  struct item **link = head;

  while (*link != NULL && --n > 0)
    link = &(*link)->next;
  if (*link == NULL || n != 0)
    return -1;

  struct item *victim = *link;
  *link = victim->next;
  item_free (victim);
  return 0;
}

int
main (void)
{
  struct item *head = NULL, **tail = &head;
  char line[256];

  while (fgets (line, sizeof line, stdin))
    {
      int n;

      line[strcspn (line, "\n")] = '\0';
      if (strncmp (line, "add ", 4) == 0)
        {
          struct item *it = item_new (line + 4);
          if (it == NULL)
            break;
          *tail = it;
          tail = &it->next;
        }
      else if (sscanf (line, "done %d", &n) == 1)
        {
          if (list_remove (&head, n) != 0)
            printf ("no item %d\n", n);
          /* the tail pointer may have pointed into the removed node */
          for (tail = &head; *tail != NULL; tail = &(*tail)->next)
            ;
        }
      else if (strcmp (line, "show") == 0)
        {
          int i = 1;
          for (struct item *it = head; it != NULL; it = it->next)
            printf ("%2d. %s\n", i++, it->text);
        }
    }

  while (head != NULL)
    {
      struct item *next = head->next;
      item_free (head);
      head = next;
    }
  return 0;
}
