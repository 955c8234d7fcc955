/*
 * bitset_cli - manipulate a 256-bit set from commands on stdin:
 *   set N | clear N | test N | count | print
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NBITS 256
#define WORD_BITS 64

typedef struct {
  uint64_t w[NBITS / WORD_BITS];
} bitset;

static int
valid_bit (long n)
{
  return n >= 0 && n < NBITS;
}

static void
bs_set (bitset *b, unsigned n)
{
  b->w[n / WORD_BITS] |= UINT64_C (1) << (n % WORD_BITS);
}

static void
bs_clear (bitset *b, unsigned n)
{
  b->w[n / WORD_BITS] &= ~(UINT64_C (1) << (n % WORD_BITS));
}

static int
bs_test (const bitset *b, unsigned n)
{
  return (int) ((b->w[n / WORD_BITS] >> (n % WORD_BITS)) & 1u);
}

static int
bs_count (const bitset *b)
{
  int c = 0;
  for (size_t i = 0; i < NBITS / WORD_BITS; i++)
    c += __builtin_popcountll (b->w[i]);
  return c;
}

int
main (void)
{
  bitset b;
  char line[64], cmd[16];
  long n;

  memset (&b, 0, sizeof b);
  while (fgets (line, sizeof line, stdin))
    {
      int args = sscanf (line, "%15s %ld", cmd, &n);

      if (args < 1)
        continue;
      if (args == 2 && !valid_bit (n))
        {
          printf ("bit %ld out of range 0..%d\n", n, NBITS - 1);
          continue;
        }
      if (args == 2 && strcmp (cmd, "set") == 0)
        bs_set (&b, (unsigned) n);
      else if (args == 2 && strcmp (cmd, "clear") == 0)
        bs_clear (&b, (unsigned) n);
      else if (args == 2 && strcmp (cmd, "test") == 0)
        printf ("%d\n", bs_test (&b, (unsigned) n));
      else if (strcmp (cmd, "count") == 0)
        printf ("%d\n", bs_count (&b));
      else if (strcmp (cmd, "print") == 0)
        {
          for (int i = NBITS / WORD_BITS - 1; i >= 0; i--)
            printf ("%016llx", (unsigned long long) b.w[i]);
          putchar ('\n');
        }
      else
        printf ("unknown command\n");
    }
  return 0;
}
