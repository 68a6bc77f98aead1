def is_prime(n):
    # Forgets that 0 and 1 are not prime.
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True
