words = input().split()
print(len(words), max(words, key=len), words[-1].upper())
