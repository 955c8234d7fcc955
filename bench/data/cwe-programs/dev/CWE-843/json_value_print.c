/*
 * json_value_print - build a small JSON-like document from "path type
 * value" lines on stdin (type is num, str or bool) and print it as a
 * JSON object. Values are a tagged union; every access checks the tag.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { J_NUM, J_STR, J_BOOL } jtype;

typedef struct {
    jtype type;
    union {
        double num;
        char *str;
        int boolean;
    } as;
} jvalue;

typedef struct {
    char key[48];
    jvalue val;
} jmember;

static void print_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            putchar('\\');
        putchar(*s);
    }
    putchar('"');
}

static void print_value(const jvalue *v)
{
    switch (v->type) {
    case J_NUM:  printf("%g", v->as.num); break;
    case J_STR:  print_string(v->as.str); break;
    case J_BOOL: fputs(v->as.boolean ? "true" : "false", stdout); break;
    }
}

static void free_value(jvalue *v)
{
    if (v->type == J_STR)
        free(v->as.str);
}

int main(void)
{
    jmember members[128];
    int n = 0;
    char line[512], type[8], text[400];

    while (n < 128 && fgets(line, sizeof line, stdin)) {
        jmember *m = &members[n];

        if (sscanf(line, "%47s %7s %399[^\n]", m->key, type, text) != 3)
            continue;
        if (strcmp(type, "num") == 0) {
            m->val.type = J_NUM;
            m->val.as.num = atof(text);
        } else if (strcmp(type, "bool") == 0) {
            m->val.type = J_BOOL;
            m->val.as.boolean = strcmp(text, "true") == 0;
        } else if (strcmp(type, "str") == 0) {
            m->val.type = J_STR;
            m->val.as.str = strdup(text);
            if (!m->val.as.str)
                break;
        } else {
            continue;
        }
        n++;
    }

    putchar('{');
    for (int i = 0; i < n; i++) {
        if (i)
            putchar(',');
        print_string(members[i].key);
        putchar(':');
        print_value(&members[i].val);
    }
    puts("}");
    for (int i = 0; i < n; i++)
        free_value(&members[i].val);
    return 0;
}
