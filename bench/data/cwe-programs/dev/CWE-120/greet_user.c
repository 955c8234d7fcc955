/*
 * greet_user - print a greeting card for the user named on the command
 * line, with the name centred in a box.
 */
#include <stdio.h>
#include <string.h>

#define CARD_WIDTH 40
#define NAME_MAX_LEN 32

struct card {
    char title[16];
    char name[NAME_MAX_LEN];
    int width;
};

static void card_init(struct card *c, const char *who)
{
    strcpy(c->title, "Welcome");
    strcpy(c->name, who); /* FLAW: CWE-120 */
    c->width = CARD_WIDTH;
}

static void print_border(int width)
{
    putchar('+');
    for (int i = 0; i < width - 2; i++)
        putchar('-');
    puts("+");
}

static void print_centred(const char *s, int width)
{
    int len = (int)strlen(s);
    int pad = (width - 2 - len) / 2;

    if (pad < 0)
        pad = 0;
    printf("|%*s%s%*s|\n", pad, "", s, width - 2 - len - pad > 0 ? width - 2 - len - pad : 0, "");
}

int main(int argc, char *argv[])
{
    struct card c;

    if (argc != 2) {
        fprintf(stderr, "usage: %s NAME\n", argv[0]);
        return 1;
    }

    card_init(&c, argv[1]);
    print_border(c.width);
    print_centred(c.title, c.width);
    print_centred(c.name, c.width);
    print_border(c.width);
    return 0;
}
