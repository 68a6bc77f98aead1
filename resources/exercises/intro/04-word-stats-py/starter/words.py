sentence = input()
words = sentence.split()

# TODO: print the number of words, the longest one, and the last one in capitals.
print(len(words))
