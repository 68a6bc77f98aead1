# An error: Python stops at the line that went wrong, and says why.
#
# There are three names, but the loop asks for a fourth. The traceback under Output ends with
# what went wrong (IndexError: list index out of range) and points at the line; the line is
# marked in the editor and listed under Problems.
names = ["Ada", "Grace", "Linus"]
for i in range(4):
    print(names[i])
