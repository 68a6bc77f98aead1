import os

os.makedirs("output", exist_ok=True)

students = []
with open("grades.csv") as grades:
    for line in grades:
        name, grade = line.strip().split(",")
        students.append((name, int(grade)))

with open("output/report.txt", "w") as report:
    for name, grade in students:
        result = "pass" if grade >= 10 else "fail"
        report.write(f"{name}: {result}\n")

average = sum(grade for _, grade in students) / len(students)
print(f"{len(students)} students, average {average:.1f}")
