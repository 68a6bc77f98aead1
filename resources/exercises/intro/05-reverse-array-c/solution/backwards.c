#include <stdio.h>

int main(void)
{
    int count;
    int numbers[100];
    if (scanf("%d", &count) != 1 || count < 0 || count > 100)
        return 1;
    for (int i = 0; i < count; i++)
        scanf("%d", &numbers[i]);
    for (int i = count - 1; i >= 0; i--)
        printf("%d%s", numbers[i], i > 0 ? " " : "\n");
    return 0;
}
