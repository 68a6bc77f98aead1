import os

import matplotlib.pyplot as plt

os.makedirs("output", exist_ok=True)
n = int(input())

# TODO: make the lists of numbers and of their squares, plot them, and save the plot.
plt.title("Squares")
