n = int(input())

# TODO: a loop that prints n, n-1, ..., 1
print("Liftoff!")
