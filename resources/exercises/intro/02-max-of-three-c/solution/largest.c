#include <stdio.h>

int main(void)
{
    int a, b, c;
    if (scanf("%d %d %d", &a, &b, &c) != 3)
        return 1;
    int largest = a;
    if (b > largest)
        largest = b;
    if (c > largest)
        largest = c;
    printf("%d\n", largest);
    return 0;
}
