// Write a CSV file: what a program puts in output/ is kept, listed and previewed in Output Files.
//
// A run starts in a fresh folder that is thrown away afterwards; the files the program wrote
// in it (here in output/, which keeps them together) are copied out for you first. Double-click a file in Output Files to open it.
#include <stdio.h>

int main(void)
{
    FILE *f = fopen("output/squares.csv", "w");
    if (!f) {
        perror("output/squares.csv");
        return 1;
    }
    fprintf(f, "n,n squared\n");
    for (int n = 1; n <= 10; ++n)
        fprintf(f, "%d,%d\n", n, n * n);
    fclose(f);
    printf("Wrote output/squares.csv\n");
    return 0;
}
