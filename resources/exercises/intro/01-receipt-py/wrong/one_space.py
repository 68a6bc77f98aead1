# Looks right at a glance, but the price column does not line up.
item = input()
price = float(input())
print(f"{item} {price:.2f}")
