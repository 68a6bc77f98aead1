target = int(input())
numbers = [int(x) for x in input().split()]

answer = "none"
for i in range(len(numbers)):
    for j in range(i + 1, len(numbers)):
        if numbers[i] + numbers[j] == target:
            answer = f"{numbers[i]} {numbers[j]}"
print(answer)
