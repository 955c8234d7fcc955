/*
 * ansistrip - copy standard input to standard output without ANSI escape
 * sequences, so that coloured build logs can be archived as plain text.
 *
 * With -s, a summary of the SGR (colour/attribute) codes that were
 * removed is printed to standard error.
 *
 * usage: ansistrip [-s] < coloured.log > plain.log
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define ESC     0x1b
#define BEL     0x07
#define SGR_MAX 108     /* highest standard SGR code is 107 */

enum state
{
    ST_TEXT,            /* ordinary text */
    ST_ESC,             /* after ESC */
    ST_CSI,             /* inside ESC [ ... final byte */
    ST_OSC              /* inside ESC ] ... BEL or ESC \ */
};

static unsigned long sgr_seen[SGR_MAX];
static unsigned long sgr_other;

static void note_sgr(int code)
{
    if (code >= 0 && code < SGR_MAX)
        sgr_seen[code]++;
    else
        sgr_other++;
}

static void print_summary(void)
{
    int i;

    for (i = 0; i < SGR_MAX; i++)
        if (sgr_seen[i] != 0)
            fprintf(stderr, "SGR %3d: %lu\n", i, sgr_seen[i]);
    if (sgr_other != 0)
        fprintf(stderr, "other:   %lu\n", sgr_other);
}

int main(int argc, char **argv)
{
    enum state st = ST_TEXT;
    int stats = 0;
    int code;           /* numeric parameter of the current CSI sequence */
    int c;

    if (argc == 2 && strcmp(argv[1], "-s") == 0)
        stats = 1;
    else if (argc != 1)
    {
        fprintf(stderr, "usage: %s [-s]\n", argv[0]);
        return 2;
    }

    while ((c = getchar()) != EOF)
    {
        switch (st)
        {
        case ST_TEXT:
            if (c == ESC)
                st = ST_ESC;
            else
                putchar(c);
            break;

        case ST_ESC:
            if (c == '[')
                st = ST_CSI;
            else if (c == ']')
                st = ST_OSC;
            else
                st = ST_TEXT;   /* two-character sequence, dropped */
            break;

        case ST_CSI:
            if (isdigit(c))
            {
                if (code < 10000)
                    code = code * 10 + (c - '0'); /* FLAW: CWE-457 */
            }
            else if (c == ';' || c == 'm')
            {
                /* "ESC [ m" is the same as "ESC [ 0 m" */
                if (stats)
                    note_sgr(code); /* FLAW: CWE-457 */
                code = 0;
                if (c == 'm')
                    st = ST_TEXT;
            }
            else if (c >= 0x40 && c <= 0x7e)
                st = ST_TEXT;   /* other final byte: cursor movement etc. */
            break;

        case ST_OSC:
            if (c == BEL)
                st = ST_TEXT;
            else if (c == ESC)
                st = ST_ESC;    /* ESC \ string terminator */
            break;
        }
    }

    if (fflush(stdout) != 0 || ferror(stdout))
    {
        perror("ansistrip: write");
        return 1;
    }
    if (stats)
        print_summary();
    return 0;
}
