/*
 * greeting_banner.c - prints the message-of-the-day banner for a user.
 *
 * usage: greeting_banner NAME [WIDTH]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_WIDTH 60

static void rule(int width, char ch)
{
    for (int i = 0; i < width; i++)
        putchar(ch);
    putchar('\n');
}

static const char *part_of_day(void)
{
    time_t now = time(NULL);
    struct tm tmv;
    if (localtime_r(&now, &tmv) == NULL)
        return "day";
    if (tmv.tm_hour < 12) return "morning";
    if (tmv.tm_hour < 18) return "afternoon";
    return "evening";
}

int main(int argc, char **argv)
{
    char banner[256];
    int width = DEFAULT_WIDTH;

    if (argc < 2) {
        fprintf(stderr, "usage: %s NAME [WIDTH]\n", argv[0]);
        return 2;
    }
    if (argc > 2) {
        width = atoi(argv[2]);
        if (width < 20 || width > 200)
            width = DEFAULT_WIDTH;
    }

    snprintf(banner, sizeof banner, "  Welcome back, %s! Enjoy your %s.\n", argv[1], part_of_day());

    rule(width, '=');
    printf(banner); /* FLAW: CWE-134 */
    rule(width, '=');
    return 0;
}
