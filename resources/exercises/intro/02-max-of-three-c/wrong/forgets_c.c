#include <stdio.h>

int main(void)
{
    int a, b, c;
    if (scanf("%d %d %d", &a, &b, &c) != 3)
        return 1;
    printf("%d\n", a > b ? a : b); // c is never looked at
    return 0;
}
