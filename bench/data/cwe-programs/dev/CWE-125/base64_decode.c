/*
 * base64_decode - decode base64 text from stdin and write the raw bytes
 * to stdout. Whitespace is skipped, '=' ends the input.
 */
#include <stdio.h>
#include <string.h>

/* reverse lookup for the 7-bit ASCII range; -1 means "not base64" */
static signed char dtable[128];

static void build_table(void)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    int i;

    memset(dtable, -1, sizeof dtable);
    for (i = 0; i < 64; i++)
        dtable[(unsigned char)alphabet[i]] = (signed char)i;
}

static void emit_quad(const int q[4], int n)
{
    unsigned v = ((unsigned)q[0] << 18) | ((unsigned)q[1] << 12) |
                 ((unsigned)q[2] << 6) | (unsigned)q[3];

    putchar((v >> 16) & 0xff);
    if (n > 2)
        putchar((v >> 8) & 0xff);
    if (n > 3)
        putchar(v & 0xff);
}

int main(void)
{
    int quad[4] = {0, 0, 0, 0};
    int have = 0;
    int c;

    build_table();
    while ((c = getchar()) != EOF) {
        int v;

        if (c == '=')
            break;
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
            continue;
        v = dtable[c]; /* FLAW: CWE-125 */
        if (v < 0) {
            fprintf(stderr, "invalid base64 character 0x%02x\n", c);
            return 1;
        }
        quad[have++] = v;
        if (have == 4) {
            emit_quad(quad, 4);
            have = 0;
        }
    }
    if (have == 1) {
        fprintf(stderr, "truncated base64 input\n");
        return 1;
    }
    if (have > 1) {
        int chars = have;

        while (have < 4)
            quad[have++] = 0;
        emit_quad(quad, chars);
    }
    return 0;
}
