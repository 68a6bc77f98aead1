def is_prime(n):
    """Return True if n is a prime number, False otherwise."""
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True
