n = int(input())
total = 0

# TODO: while n has digits left, add its last digit to total and drop that digit.

print(total)
