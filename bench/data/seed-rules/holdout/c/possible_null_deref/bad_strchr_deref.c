#include <stdio.h>
#include <string.h>

/* Split "key=value" lines read from stdin. */
int main(void)
{
    char line[128];

    while (fgets(line, sizeof line, stdin) != NULL) {
        char *eq = strchr(line, '=');
        *eq = '\0'; /* FLAW: possible_null_deref */
        printf("key=[%s] value=[%s]", line, eq + 1);
    }
    return 0;
}
