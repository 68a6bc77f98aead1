#include <stdio.h>

int main(void)
{
    char name[100];
    if (!fgets(name, sizeof name, stdin))
        return 1;
    printf("Hello, %s!\n", name); // the name still ends with its newline
    return 0;
}
