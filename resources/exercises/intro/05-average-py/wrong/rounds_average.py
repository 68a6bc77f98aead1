# Rounds the average to a whole number: 2.333... becomes 2.
count = int(input())
numbers = [float(x) for x in input().split()]
print(round(sum(numbers) / count), max(numbers) - min(numbers))
