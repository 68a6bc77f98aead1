#include <stdio.h>

int main(void)
{
    FILE *in = fopen("numbers.txt", "r");
    if (!in) {
        perror("numbers.txt");
        return 1;
    }
    long total = 0;
    long number;
    while (fscanf(in, "%ld", &number) == 1)
        total += number;
    fclose(in);
    FILE *out = fopen("output/total.txt", "w");
    if (!out) {
        perror("output/total.txt");
        return 1;
    }
    fprintf(out, "%ld\n", total);
    fclose(out);
    printf("Total: %ld\n", total);
    return 0;
}
