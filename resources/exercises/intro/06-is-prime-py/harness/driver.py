# Calls the learner's is_prime for each number given as an argument.
import sys

from primes import is_prime

for arg in sys.argv[1:]:
    print(f"is_prime({arg}) = {is_prime(int(arg))}")
