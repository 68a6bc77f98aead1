# Draws the plot but never saves it: plt.show() alone leaves no output/plot.png.
import os

import matplotlib.pyplot as plt

os.makedirs("output", exist_ok=True)
n = int(input())

xs = list(range(1, n + 1))
ys = [x * x for x in xs]
plt.plot(xs, ys, marker="o")
plt.show()
print(f"largest square: {ys[-1]}")
