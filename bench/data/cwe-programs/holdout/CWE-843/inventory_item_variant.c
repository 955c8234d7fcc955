/*
 * inventory_item_variant - shop inventory with two kinds of items read
 * from a file:
 *   book  TITLE AUTHOR PRICE
 *   tool  NAME WEIGHT_KG PRICE
 * Commands on the command line: "value" (total price) or "shipping"
 * (total weight of tools for the courier).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { ITEM_BOOK, ITEM_TOOL } item_kind;

typedef struct {
  item_kind kind;
  double price;
  union
  {
    struct { char *title; char *author; } book;
    struct { double weight_kg; char *name; } tool;
  } u;
} item;

static item *items;
static int nitems;

static int
add_item (const char *line)
{
  char a[128], b[128];
  double price, w;
  item it;
  item *grown;

  if (sscanf (line, "book %127s %127s %lf", a, b, &price) == 3)
    {
      it.kind = ITEM_BOOK;
      it.u.book.title = strdup (a);
      it.u.book.author = strdup (b);
    }
  else if (sscanf (line, "tool %127s %lf %lf", a, &w, &price) == 3)
    {
      it.kind = ITEM_TOOL;
      it.u.tool.weight_kg = w;
      it.u.tool.name = strdup (a);
    }
  else
    return -1;
  it.price = price;
  grown = realloc (items, (size_t) (nitems + 1) * sizeof *items);
  if (grown == NULL)
    {
      if (it.kind == ITEM_BOOK)
        {
          free (it.u.book.title);
          free (it.u.book.author);
        }
      else
        free (it.u.tool.name);
      return -1;
    }
  items = grown;
  items[nitems++] = it;
  return 0;
}

static double
shipping_weight (void)
{
  double total = 0.0;

  for (int i = 0; i < nitems; i++)
    total += items[i].u.tool.weight_kg; /* FLAW: CWE-843 */
  return total;
}

int
main (int argc, char **argv)
{
  char line[300];
  FILE *fp;

  if (argc != 3 || (fp = fopen (argv[1], "r")) == NULL)
    {
      fprintf (stderr, "usage: %s INVENTORY value|shipping\n", argv[0]);
      return 2;
    }
  while (fgets (line, sizeof line, fp))
    add_item (line);
  fclose (fp);

  if (strcmp (argv[2], "value") == 0)
    {
      double v = 0.0;
      for (int i = 0; i < nitems; i++)
        v += items[i].price;
      printf ("%d items worth %.2f\n", nitems, v);
    }
  else if (strcmp (argv[2], "shipping") == 0)
    printf ("shipping weight %.2f kg\n", shipping_weight ());

  for (int i = 0; i < nitems; i++)
    {
      if (items[i].kind == ITEM_BOOK)
        {
          free (items[i].u.book.title);
          free (items[i].u.book.author);
        }
      else
        free (items[i].u.tool.name);
    }
  free (items);
  return 0;
}
