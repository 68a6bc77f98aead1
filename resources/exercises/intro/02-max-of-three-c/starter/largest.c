#include <stdio.h>

int main(void)
{
    int a, b, c;
    if (scanf("%d %d %d", &a, &b, &c) != 3)
        return 1;
    // TODO: print the largest of a, b and c.
    return 0;
}
