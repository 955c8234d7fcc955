/*
 * temp_password.c - onboarding helper: creates the initial password
 * for a new employee account and prints it for the welcome letter.
 *
 * usage: temp_password LOGIN [LENGTH]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_LEN 12
#define MIN_LEN 10
#define MAX_LEN 32

static const char *CLASSES[] = {
    "ABCDEFGHJKLMNPQRSTUVWXYZ",
    "abcdefghijkmnopqrstuvwxyz",
    "23456789",
    "!#$%&*+-=?@",
};
#define NCLASSES (sizeof CLASSES / sizeof CLASSES[0])

static char pick(const char *set)
{
    return set[rand() % (int)strlen(set)]; /* FLAW: CWE-338 */
}

/* Every class appears at least once; the rest is mixed. */
static void initial_password(char *out, int len)
{
    int i;
    for (i = 0; i < (int)NCLASSES; i++)
        out[i] = pick(CLASSES[i]);
    for (; i < len; i++)
        out[i] = pick(CLASSES[(size_t)i % NCLASSES]);
    out[len] = '\0';
    for (i = len - 1; i > 0; i--) {
        int j = rand() % (i + 1);
        char t = out[i];
        out[i] = out[j];
        out[j] = t;
    }
}

int main(int argc, char **argv)
{
    char pw[MAX_LEN + 1];
    int len = DEFAULT_LEN;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s LOGIN [LENGTH]\n", argv[0]);
        return 2;
    }
    if (argc == 3) {
        len = atoi(argv[2]);
        if (len < MIN_LEN || len > MAX_LEN) {
            fprintf(stderr, "LENGTH must be %d..%d\n", MIN_LEN, MAX_LEN);
            return 2;
        }
    }
    srand((unsigned)time(NULL));
    initial_password(pw, len);

    printf("Account:          %s\n", argv[1]);
    printf("Initial password: %s\n", pw);
    printf("You will be asked to change it at first login.\n");
    return 0;
}
