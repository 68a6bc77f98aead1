# Read the name the user types.
name = input()

# TODO: print "Hello, " followed by the name and "!"
print(name)
