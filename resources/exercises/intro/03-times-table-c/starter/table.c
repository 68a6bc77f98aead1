#include <stdio.h>

int main(void)
{
    int n;
    if (scanf("%d", &n) != 1)
        return 1;
    // TODO: a loop from 1 to 10 that prints one line of the table each time.
    return 0;
}
