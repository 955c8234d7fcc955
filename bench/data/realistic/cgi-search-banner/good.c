/* search.cgi: echoes the search term back and lists matching entries of the catalogue */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CATALOGUE "/srv/www/data/catalogue.txt"

/* decodes %XX and '+' in place; the result is never longer than the input */
static void url_decode(char *s)
{
    char *out = s;

    for (; *s != '\0'; s++, out++) {
        if (*s == '+') {
            *out = ' ';
        } else if (*s == '%' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
            char hex[3] = { s[1], s[2], '\0' };
            *out = (char)strtol(hex, NULL, 16);
            s += 2;
        } else {
            *out = *s;
        }
    }
    *out = '\0';
}

static void html_escape_print(const char *s)
{
    for (; *s != '\0'; s++) {
        switch (*s) {
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '&': fputs("&amp;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        default: putchar(*s);
        }
    }
}

static void print_matches(const char *term)
{
    char line[256];
    FILE *fp = fopen(CATALOGUE, "r");

    if (fp == NULL)
        return;
    while (fgets(line, sizeof line, fp) != NULL)
        if (strstr(line, term) != NULL) {
            fputs("<li>", stdout);
            html_escape_print(line);
            fputs("</li>\n", stdout);
        }
    fclose(fp);
}

int main(void)
{
    char title[96];
    char term[128];
    const char *qs = getenv("QUERY_STRING");

    if (qs == NULL || strncmp(qs, "q=", 2) != 0) {
        printf("Status: 400 Bad Request\r\n\r\n");
        return 0;
    }
    strncpy(term, qs + 2, sizeof term - 1);
    term[sizeof term - 1] = '\0';
    url_decode(term);
    if (snprintf(title, sizeof title, "Results for \"%s\"", term) >= (int)sizeof title)
        strcpy(title + sizeof title - 5, "...\"");
    printf("Content-Type: text/html\r\n\r\n<h1>");
    html_escape_print(title);
    printf("</h1>\n<ul>\n");
    print_matches(term);
    printf("</ul>\n");
    return 0;
}
