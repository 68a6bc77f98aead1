# Kattis output validator: accepts any pair of list numbers (two different positions) that
# adds up to the target, or "none" when the reference answer says there is no such pair.
import sys
from collections import Counter

ACCEPT, REJECT = 42, 43


def reject(message):
    with open(sys.argv[3] + "/judgemessage.txt", "w") as feedback:
        feedback.write(message + "\n")
    sys.exit(REJECT)


lines = open(sys.argv[1]).read().split("\n")
target = int(lines[0])
numbers = Counter(int(x) for x in lines[1].split())
expected = open(sys.argv[2]).read().split()
got = sys.stdin.read().split()

if expected == ["none"]:
    if got != ["none"]:
        reject("There is no pair here: the answer is none.")
    sys.exit(ACCEPT)
if got == ["none"]:
    reject("There is a pair that adds up to the target.")
if len(got) != 2:
    reject(f"Print two numbers, not {len(got)} words.")
try:
    a, b = int(got[0]), int(got[1])
except ValueError:
    reject("Print two whole numbers.")
if a + b != target:
    reject(f"{a} + {b} is {a + b}, not {target}.")
if numbers[a] < 1 or numbers[b] < 1 or (a == b and numbers[a] < 2):
    reject(f"{a} and {b} must both be in the list, at different places.")
sys.exit(ACCEPT)
