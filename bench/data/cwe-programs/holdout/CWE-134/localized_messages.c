/*
 * localized_messages.c - prints a disk quota warning in the user's
 * language.
 *
 * usage: localized_messages USED_MB LIMIT_MB
 * The language is taken from LANG (en, de, fr, es; default en).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LANG_EN, LANG_DE, LANG_FR, LANG_ES, LANG_COUNT };

static const char *const LANG_CODES[LANG_COUNT] = { "en", "de", "fr", "es" };

/* Each translation takes the same two %ld arguments in the same order. */
static const char *const QUOTA_FMT[LANG_COUNT] = {
    "Warning: you are using %ld MB of your %ld MB quota.\n",
    "Warnung: Sie belegen %ld MB von %ld MB Speicherplatz.\n",
    "Attention : vous utilisez %ld Mo sur un quota de %ld Mo.\n",
    "Aviso: usa %ld MB de su cuota de %ld MB.\n",
};

static int pick_language(void)
{
    const char *lang = getenv("LANG");

    if (lang == NULL)
        return LANG_EN;
    for (int i = 0; i < LANG_COUNT; i++)
        if (strncmp(lang, LANG_CODES[i], 2) == 0)
            return i;
    return LANG_EN;
}

static int parse_mb(const char *s, long *out)
{
    char *end;
    *out = strtol(s, &end, 10);
    /* Quotas are at most 1 PB; larger values are rejected. */
    return (end != s && *end == '\0' && *out >= 0 && *out <= 1000000000L) ? 0 : -1;
}

int main(int argc, char **argv)
{
    long used, limit;
    int lang;

    if (argc != 3 || parse_mb(argv[1], &used) || parse_mb(argv[2], &limit) || limit == 0) {
        fprintf(stderr, "usage: %s USED_MB LIMIT_MB\n", argv[0]);
        return 2;
    }
    if (used * 10 < limit * 9)
        return 0;

    lang = pick_language();
    printf(QUOTA_FMT[lang], used, limit);
    return 1;
}
