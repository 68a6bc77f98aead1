# Stops one too early: range(n, 1, -1) never reaches 1.
n = int(input())
for i in range(n, 1, -1):
    print(i)
print("Liftoff!")
