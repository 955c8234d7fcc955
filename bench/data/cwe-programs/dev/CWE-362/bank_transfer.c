/*
 * bank_transfer.c - replays a day's withdrawal requests against the
 * account balances, using one thread per ATM feed.
 *
 * Each feed file contains lines "<account-no> <amount-cents>".
 * usage: bank_transfer FEED...
 */
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

#define NACCOUNTS 100
#define MAX_FEEDS 8

typedef struct {
    long balance_cents;
    unsigned long declined;
} account_t;

static account_t accounts[NACCOUNTS];

static int withdraw(int acct, long amount)
{
    account_t *a = &accounts[acct];

    if (a->balance_cents < amount) { /* FLAW: CWE-362 */
        a->declined++;
        return -1;
    }
    a->balance_cents -= amount; /* FLAW: CWE-362 */
    return 0;
}

static void *replay_feed(void *arg)
{
    const char *path = arg;
    int acct;
    long amount;
    FILE *f = fopen(path, "r");

    if (f == NULL) {
        perror(path);
        return NULL;
    }
    while (fscanf(f, "%d %ld", &acct, &amount) == 2) {
        if (acct < 0 || acct >= NACCOUNTS || amount <= 0)
            continue;
        withdraw(acct, amount);
    }
    fclose(f);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t th[MAX_FEEDS];
    int nfeeds = argc - 1;
    long total = 0;

    if (nfeeds < 1 || nfeeds > MAX_FEEDS) {
        fprintf(stderr, "usage: %s FEED... (1-%d feeds)\n", argv[0], MAX_FEEDS);
        return 2;
    }
    for (int i = 0; i < NACCOUNTS; i++)
        accounts[i].balance_cents = 50000;   /* opening balance: 500.00 */

    for (int i = 0; i < nfeeds; i++)
        if (pthread_create(&th[i], NULL, replay_feed, argv[i + 1]) != 0) {
            perror("pthread_create");
            return 1;
        }
    for (int i = 0; i < nfeeds; i++)
        pthread_join(th[i], NULL);

    for (int i = 0; i < NACCOUNTS; i++) {
        total += accounts[i].balance_cents;
        if (accounts[i].declined)
            printf("account %02d: %lu declined\n", i, accounts[i].declined);
    }
    printf("total remaining: %ld.%02ld\n", total / 100, total % 100);
    return 0;
}
