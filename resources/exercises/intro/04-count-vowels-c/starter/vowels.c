#include <ctype.h>
#include <stdio.h>

int main(void)
{
    char line[1000];
    if (!fgets(line, sizeof line, stdin))
        return 1;
    int vowels = 0;
    // TODO: look at each character of line and count the vowels.
    printf("%d\n", vowels);
    return 0;
}
