/* banner: prints its argument framed in stars */
#include <stdio.h>
#include <string.h>

#define WIDTH 40

static void frame(const char *text)
{
    int i;
    for (i = 0; i < WIDTH; i++) putchar('*');
    printf("\n* %-36s *\n", text);
    for (i = 0; i < WIDTH; i++) putchar('*');
    putchar('\n');
}

int main(int argc, char **argv)
{
    char title[37];

    if (argc < 2) {
        fprintf(stderr, "usage: %s TEXT\n", argv[0]);
        return 2;
    }
    if (strlen(argv[1]) >= sizeof title) {
        fprintf(stderr, "text too long\n");
        return 2;
    }
    strcpy(title, argv[1]);
    frame(title);
    return 0;
}
