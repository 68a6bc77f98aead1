count = int(input())
numbers = [float(x) for x in input().split()]
print(sum(numbers) // count, max(numbers) - min(numbers))
