import os

os.makedirs("output", exist_ok=True)

with open("grades.csv") as grades:
    for line in grades:
        name, grade = line.strip().split(",")
        # TODO: remember each student's grade.

# TODO: write output/report.txt and print the count and the average.
