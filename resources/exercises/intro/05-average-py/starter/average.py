count = int(input())
numbers = [float(x) for x in input().split()]

# TODO: compute the average and the spread, and print them on one line.
print(numbers)
