item = input()
price = float(input())
print(f"{item:<10}{price:>8.2f}")
