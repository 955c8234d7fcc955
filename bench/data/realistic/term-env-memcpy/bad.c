/* prints the terminal type, falling back to a default */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void current_term(char *out)
{
    const char *t = getenv("TERM");
    if (t == NULL)
        t = "vt100";
    memcpy(out, t, strlen(t) + 1); /* FLAW: CWE-120 */
}

int main(void)
{
    char term[32];
    current_term(term);
    printf("terminal: %s\n", term);
    return 0;
}
