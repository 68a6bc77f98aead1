#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[1000];
    if (!fgets(line, sizeof line, stdin))
        return 1;
    int vowels = 0;
    for (size_t i = 0; line[i] != '\0'; i++) {
        if (line[i] == 'a' || line[i] == 'e' || line[i] == 'i' || line[i] == 'o' || line[i] == 'u')
            vowels++;
    }
    printf("%d\n", vowels);
    return 0;
}
