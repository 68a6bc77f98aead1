# The second loop starts at i, so a number may pair with itself (4 + 4 = 8).
target = int(input())
numbers = [int(x) for x in input().split()]

answer = "none"
for i in range(len(numbers)):
    for j in range(i, len(numbers)):
        if numbers[i] + numbers[j] == target:
            answer = f"{numbers[i]} {numbers[j]}"
print(answer)
