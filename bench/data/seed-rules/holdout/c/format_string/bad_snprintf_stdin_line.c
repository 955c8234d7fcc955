#include <stdio.h>
#include <string.h>

static void render_banner(char *out, size_t size, const char *template)
{
    snprintf(out, size, template); /* FLAW: format_string */
}

int main(void)
{
    char line[128];
    char banner[256];

    if (fgets(line, sizeof line, stdin) == NULL)
        return 1;
    line[strcspn(line, "\n")] = '\0';
    render_banner(banner, sizeof banner, line);
    fprintf(stderr, banner); /* FLAW: format_string */
    return 0;
}
