# Ask for input: the program waits, and you answer in the line under the output.
#
# Run it (F5). When the prompt appears, type your answer in the input line at the bottom of
# the Output pane and press Enter. Ctrl+D there ends the input (input() then raises EOFError).
name = input("What is your name? ")
age = int(input("How old are you? "))
print(f"Hello, {name}! Next year you will be {age + 1}.")
