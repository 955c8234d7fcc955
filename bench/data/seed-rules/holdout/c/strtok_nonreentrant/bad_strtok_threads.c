#include <pthread.h>
#include <stdio.h>
#include <string.h>

static void *count_fields(void *arg)
{
    char *line = arg;
    int fields = 0;

    for (char *tok = strtok(line, ","); tok != NULL; tok = strtok(NULL, ",")) /* FLAW: strtok_nonreentrant */
        fields++;
    printf("%d fields\n", fields);
    return NULL;
}

int main(void)
{
    char a[] = "id,name,email,created";
    char b[] = "1,alice,alice@example.com,2024-01-01";
    pthread_t ta, tb;

    if (pthread_create(&ta, NULL, count_fields, a) != 0)
        return 1;
    if (pthread_create(&tb, NULL, count_fields, b) != 0)
        return 1;
    if (pthread_join(ta, NULL) != 0 || pthread_join(tb, NULL) != 0)
        return 1;
    return 0;
}
