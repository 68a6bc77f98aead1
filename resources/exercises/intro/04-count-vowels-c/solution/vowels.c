#include <ctype.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[1000];
    if (!fgets(line, sizeof line, stdin))
        return 1;
    int vowels = 0;
    for (size_t i = 0; line[i] != '\0'; i++) {
        if (strchr("aeiou", tolower((unsigned char)line[i])))
            vowels++;
    }
    printf("%d\n", vowels);
    return 0;
}
