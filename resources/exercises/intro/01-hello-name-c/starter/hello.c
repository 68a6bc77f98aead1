#include <stdio.h>
#include <string.h>

int main(void)
{
    char name[100];
    if (!fgets(name, sizeof name, stdin))
        return 1;
    // TODO: remove the newline at the end of name, then print the greeting.
    return 0;
}
