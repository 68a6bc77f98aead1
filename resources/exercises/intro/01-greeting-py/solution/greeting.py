name = input()
print(f"Hello, {name}!")
