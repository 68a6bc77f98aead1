item = input()
price = float(input())

# TODO: pad the item to 10 characters and the price to 8, with two decimals.
print(item, price)
