year = int(input())

# TODO: use if / elif / else to decide between "leap" and "common".
print("common")
