#include <stdio.h>

int main(void)
{
    FILE *in = fopen("numbers.txt", "r");
    if (!in)
        return 1;
    long total = 0;
    long number;
    while (fscanf(in, "%ld", &number) == 1)
        total += number;
    fclose(in);
    printf("Total: %ld\n", total); // output/total.txt is never written
    return 0;
}
