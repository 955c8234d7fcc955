/*
 * config_reader.c - loads "key = value" settings into a list and
 * prints the effective configuration.
 *
 * usage: config_reader FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

typedef struct setting {
    char *key;
    char *value;
    struct setting *next;
} setting;

static char *trim(char *s)
{
    char *e;
    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

static setting *setting_new(const char *k, const char *v)
{
    setting *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->key = strdup(k);
    s->value = strdup(v);
    if (s->key == NULL || s->value == NULL) {
        free(s->key);
        free(s->value);
        free(s);
        return NULL;
    }
    return s;
}

static void free_all(setting *s)
{
    while (s) {
        setting *n = s->next;
        free(s->key);
        free(s->value);
        free(s);
        s = n;
    }
}

int main(int argc, char **argv)
{
    char line[1024];
    setting *head = NULL, **tail = &head;
    FILE *f;
    int rc = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    if ((f = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *eq, *k = trim(line);
        if (*k == '\0' || *k == '#')
            continue;
        if ((eq = strchr(k, '=')) == NULL)
            continue;
        *eq = '\0';
        setting *s = setting_new(trim(k), trim(eq + 1));
        if (s == NULL) {
            fprintf(stderr, "out of memory\n");
            rc = 1;
            break;
        }
        *tail = s;
        tail = &s->next;
    }
    if (ferror(f)) {
        perror(argv[1]);
        rc = 1;
    }
    if (fclose(f) != 0)
        rc = 1;

    for (setting *s = head; s; s = s->next)
        printf("%s=%s\n", s->key, s->value);
    free_all(head);
    return rc;
}
