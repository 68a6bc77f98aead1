# Uses <= and >= where < and > were meant: 18 and 24 switch the thermostat on.
temperature = float(input())
if temperature <= 18:
    print("Too cold: the heat is on.")
elif temperature >= 24:
    print("Too warm: time to cool down.")
else:
    print("Just right: the thermostat is off.")
