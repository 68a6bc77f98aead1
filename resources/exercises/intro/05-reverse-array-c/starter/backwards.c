#include <stdio.h>

int main(void)
{
    int count;
    int numbers[100];
    if (scanf("%d", &count) != 1 || count < 0 || count > 100)
        return 1;
    for (int i = 0; i < count; i++)
        scanf("%d", &numbers[i]);
    // TODO: print the numbers from the last to the first.
    return 0;
}
