# Plot with matplotlib: a plot saved to output/ shows in the Output Files pane.
#
# Sandpit gives Python a matplotlib backend without a window: plt.savefig() writes where you
# say, and plt.show() saves the figure as output/figure-1.png, figure-2.png, ...
import math

import matplotlib.pyplot as plt

xs = [i / 10 for i in range(0, 63)]
plt.plot(xs, [math.sin(x) for x in xs], label="sin(x)")
plt.plot(xs, [math.cos(x) for x in xs], label="cos(x)")
plt.title("Two waves")
plt.xlabel("x")
plt.legend()
plt.savefig("output/waves.png")
print("Saved output/waves.png")
plt.close()  # done with it: plt.show() shows every figure still open

plt.figure()
plt.bar(["apples", "pears", "plums"], [3, 5, 2])
plt.title("Fruit")
plt.show()  # lands in output/ as figure-1.png
