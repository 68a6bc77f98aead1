// The exercise's test program: reads pairs of numbers and prints gcd of each, calling the
// learner's gcd() from gcd.c, which is compiled and linked with it.
#include <stdio.h>

int gcd(int a, int b);

int main(void)
{
    int a, b;
    while (scanf("%d %d", &a, &b) == 2)
        printf("gcd(%d, %d) = %d\n", a, b, gcd(a, b));
    return 0;
}
