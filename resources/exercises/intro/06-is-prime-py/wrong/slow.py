def is_prime(n):
    # Right, but tries every divisor up to n: far too slow for a billion.
    if n < 2:
        return False
    for d in range(2, n):
        if n % d == 0:
            return False
    return True
