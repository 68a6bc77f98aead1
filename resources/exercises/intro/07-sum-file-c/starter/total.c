#include <stdio.h>

int main(void)
{
    FILE *in = fopen("numbers.txt", "r");
    if (!in) {
        perror("numbers.txt");
        return 1;
    }
    long total = 0;
    // TODO: read each number with fscanf and add it to total.
    fclose(in);
    // TODO: write total to output/total.txt, then print it.
    return 0;
}
