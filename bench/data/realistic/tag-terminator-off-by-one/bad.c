/* reads the ID3v1 title tag (last 128 bytes of an mp3) and prints it */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    unsigned char tag[128];
    char title[30];
    FILE *f;

    if (argc != 2)
        return 2;
    f = fopen(argv[1], "rb");
    if (f == NULL)
        return 1;
    if (fseek(f, -128, SEEK_END) != 0 || fread(tag, 1, sizeof tag, f) != sizeof tag) {
        fclose(f);
        return 1;
    }
    fclose(f);
    if (memcmp(tag, "TAG", 3) != 0)
        return 1;
    memcpy(title, tag + 3, sizeof title);
    title[sizeof title] = '\0'; /* FLAW: CWE-193 */
    printf("title: %s\n", title);
    return 0;
}
