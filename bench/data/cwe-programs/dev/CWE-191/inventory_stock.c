/*
 * inventory_stock - warehouse stock keeper. Reads an initial stock file
 * ("sku quantity" per line) and then movements from stdin:
 *   in  SKU QTY
 *   out SKU QTY
 * and prints the final stock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 256

typedef struct {
  char sku[16];
  unsigned int qty;
} item;

static item items[MAX_ITEMS];
static int nitems;

static item *
find_item (const char *sku)
{
  int i;

  for (i = 0; i < nitems; i++)
    if (strcmp (items[i].sku, sku) == 0)
      return &items[i];
  return NULL;
}

static int
load_stock (const char *path)
{
  FILE *fp = fopen (path, "r");

  if (fp == NULL)
    return -1;
  while (nitems < MAX_ITEMS
         && fscanf (fp, "%15s %u", items[nitems].sku, &items[nitems].qty) == 2)
    nitems++;
  fclose (fp);
  return 0;
}

static void
move_out (item *it, unsigned int qty)
{
  it->qty -= qty; /* FLAW: CWE-191 */
  if (it->qty < 5)
    printf ("reorder %s (only %u left)\n", it->sku, it->qty);
}

int
main (int argc, char **argv)
{
  char dir[8], sku[16];
  unsigned int qty;
  int i;

  if (argc != 2 || load_stock (argv[1]) != 0)
    {
      fprintf (stderr, "usage: %s STOCKFILE < movements\n", argv[0]);
      return 1;
    }
  while (scanf ("%7s %15s %u", dir, sku, &qty) == 3)
    {
      item *it = find_item (sku);

      if (it == NULL || qty == 0)
        {
          fprintf (stderr, "ignoring movement for %s\n", sku);
          continue;
        }
      if (strcmp (dir, "in") == 0)
        it->qty += qty;
      else if (strcmp (dir, "out") == 0)
        move_out (it, qty);
    }
  for (i = 0; i < nitems; i++)
    printf ("%-15s %u\n", items[i].sku, items[i].qty);
  return 0;
}
