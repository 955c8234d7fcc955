/*
 * bank_account_sim - tiny bank simulator. Transactions on stdin:
 *   deposit ACCOUNT AMOUNT
 *   withdraw ACCOUNT AMOUNT
 *   balance ACCOUNT
 * Amounts are whole cents.
 */
#include <stdio.h>
#include <string.h>

#define NACCOUNTS 10
#define MAX_SINGLE_DEPOSIT 2000000000

typedef struct {
  int number;
  int balance_cents;
} account;

static account accounts[NACCOUNTS];

static account *
get_account (int number)
{
  if (number < 0 || number >= NACCOUNTS)
    return NULL;
  accounts[number].number = number;
  return &accounts[number];
}

static int
deposit (account *a, int cents)
{
  if (cents <= 0 || cents > MAX_SINGLE_DEPOSIT)
    return -1;
  a->balance_cents += cents; /* FLAW: CWE-190 */
  return 0;
}

static int
withdraw (account *a, int cents)
{
  if (cents <= 0 || cents > a->balance_cents)
    return -1;
  a->balance_cents -= cents;
  return 0;
}

int
main (void)
{
  char op[16];
  int num, amount;

  while (scanf ("%15s %d", op, &num) == 2)
    {
      account *a = get_account (num);
      int rc = 0;

      if (a == NULL)
        {
          fprintf (stderr, "no account %d\n", num);
          continue;
        }
      if (strcmp (op, "balance") == 0)
        {
          printf ("account %d: %d.%02d\n", a->number,
                  a->balance_cents / 100, a->balance_cents % 100);
          continue;
        }
      if (scanf ("%d", &amount) != 1)
        break;
      if (strcmp (op, "deposit") == 0)
        rc = deposit (a, amount);
      else if (strcmp (op, "withdraw") == 0)
        rc = withdraw (a, amount);
      else
        rc = -1;
      printf ("%s %d %d: %s\n", op, num, amount, rc == 0 ? "ok" : "rejected");
    }
  return 0;
}
