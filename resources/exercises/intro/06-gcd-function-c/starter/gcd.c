int gcd(int a, int b)
{
    // TODO: return the greatest common divisor of a and b.
    return 1;
}
