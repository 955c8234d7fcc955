/* account_withdraw: ATM-style withdrawals against balances kept in a
 * file ("account balance" in cents). Requests come from stdin as
 * "account amount"; a request larger than the balance is refused. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_ACCOUNTS 128
#define DAILY_LIMIT  50000u

typedef struct {
	unsigned id;
	uint64_t balance;
	uint64_t withdrawn_today;
} account_t;

static account_t accts[MAX_ACCOUNTS];
static int naccts;

static account_t *find(unsigned id)
{
	for (int i = 0; i < naccts; i++)
		if (accts[i].id == id)
			return &accts[i];
	return NULL;
}

static const char *withdraw(account_t *a, uint64_t amount)
{
	if (amount == 0)
		return "amount must be positive";
	if (amount > a->balance)
		return "insufficient funds";
	if (amount > DAILY_LIMIT || a->withdrawn_today > DAILY_LIMIT - amount)
		return "daily limit reached";
	a->balance -= amount;
	a->withdrawn_today += amount;
	return NULL;
}

int main(int argc, char **argv)
{
	FILE *fp;
	unsigned id;
	unsigned long long amount;

	if (argc != 2 || !(fp = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: %s BALANCES < requests\n", argv[0]);
		return 1;
	}
	while (naccts < MAX_ACCOUNTS &&
	       fscanf(fp, "%u %llu", &accts[naccts].id, &amount) == 2) {
		accts[naccts].balance = amount;
		naccts++;
	}
	fclose(fp);

	while (scanf("%u %llu", &id, &amount) == 2) {
		account_t *a = find(id);
		const char *err;

		if (!a) {
			printf("%u: unknown account\n", id);
			continue;
		}
		err = withdraw(a, amount);
		if (err)
			printf("%u: refused, %s\n", id, err);
		else
			printf("%u: paid %llu, balance %llu\n", id, amount,
			       (unsigned long long)a->balance);
	}
	return 0;
}
