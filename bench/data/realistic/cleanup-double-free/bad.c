/* copies a file, converting CRLF line ends to LF */
#include <stdio.h>
#include <stdlib.h>

int convert(const char *in_path, const char *out_path)
{
    FILE *in = NULL, *out = NULL;
    char *buf = malloc(65536);
    size_t n, i, o;
    int rc = -1;

    if (buf == NULL)
        return -1;
    in = fopen(in_path, "rb");
    if (in == NULL) {
        free(buf);
        goto done;
    }
    out = fopen(out_path, "wb");
    if (out == NULL)
        goto done;
    while ((n = fread(buf, 1, 65536, in)) > 0) {
        for (i = o = 0; i < n; i++)
            if (buf[i] != '\r')
                buf[o++] = buf[i];
        if (fwrite(buf, 1, o, out) != o)
            goto done;
    }
    rc = 0;
done:
    if (out != NULL)
        fclose(out);
    if (in != NULL)
        fclose(in);
    free(buf); /* FLAW: CWE-415 */
    return rc;
}
