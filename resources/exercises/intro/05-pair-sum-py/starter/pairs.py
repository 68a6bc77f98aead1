target = int(input())
numbers = [int(x) for x in input().split()]

# TODO: find two numbers at different places that add up to target.
print("none")
