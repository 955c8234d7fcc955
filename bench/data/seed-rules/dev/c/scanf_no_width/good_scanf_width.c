#include <stdio.h>

int main(void)
{
    char name[32];
    int age;

    printf("name and age: ");
    if (scanf("%31s %d", name, &age) != 2)
        return 1;
    printf("%s is %d\n", name, age);
    return 0;
}
