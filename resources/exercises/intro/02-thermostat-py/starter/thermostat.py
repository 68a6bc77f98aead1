temperature = float(input())

# TODO: print a sentence with "heat", "cool" or "off" in it.
if temperature < 18:
    print("Too cold: the heat is on.")
