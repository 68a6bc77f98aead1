# Forgets to drop the last digit: n never changes, so the loop never ends.
n = int(input())
total = 0
while n > 0:
    total += n % 10
print(total)
