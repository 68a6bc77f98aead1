# Write a CSV file: what a program puts in output/ is listed, and previewed, in Output Files.
import csv

with open("output/squares.csv", "w", newline="") as f:
    writer = csv.writer(f)
    writer.writerow(["n", "n squared", "note"])
    for n in range(1, 11):
        writer.writerow([n, n * n, "even, so halves" if n % 2 == 0 else "odd"])
print("Wrote output/squares.csv")
