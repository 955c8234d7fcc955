/* roster: reads "name age" records from a file and prints the adults */
#include <stdio.h>

struct person {
    char name[32];
    int age;
};

int main(int argc, char **argv)
{
    struct person p;
    FILE *f;

    if (argc != 2)
        return 2;
    f = fopen(argv[1], "r");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fscanf(f, "%31s %d", p.name, &p.age) == 2) {
        if (p.age >= 18)
            printf("%s\n", p.name);
    }
    fclose(f);
    return 0;
}
