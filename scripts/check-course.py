#!/usr/bin/python3
"""Runs each Python exercise of a course directly, without Sandpit: every solution must pass
every test, and every wrong program must fail at least one (a wrong/slow.py by time limit).

A quick check for course authors; the real check, through Sandpit's own loader and Check
engine, is tests/core/exercises/tst_bundledcourse. Usage:
    scripts/check-course.py [resources/exercises/intro] [--only NAME] [--sandpit CLI [--backend B] [--image I]]

With --sandpit, each program runs through Sandpit's own sandbox (`sandpit-cli run`, in the
exercise's time and memory limits, with Sandpit's matplotlib backend) instead of directly.
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

PYTHON = "/usr/bin/python3"  # the one with matplotlib, not a pyenv shim
SANDPIT = {"cli": None, "backend": "local", "image": None}


def checker_of(exercise, test):
    checker = test.get("checker", exercise.get("checker", "lines"))
    return {"kind": checker} if isinstance(checker, str) else checker


def normal_lines(text):
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def same_floats(expected, got, checker):
    a, b = expected.split(), got.split()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        try:
            fx, fy = float(x), float(y)
        except ValueError:
            if x != y:
                return False
            continue
        tolerance = max(checker.get("absolute", 1e-6), checker.get("relative", 1e-6) * abs(fx))
        if abs(fx - fy) > tolerance:
            return False
    return True


def run_checker_program(folder, checker, stdin, expected, got):
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        (work / "in").write_text(stdin)
        (work / "ans").write_text(expected or "")
        (work / "feedback").mkdir()
        done = subprocess.run([PYTHON, str(folder / checker["program"]), str(work / "in"),
                               str(work / "ans"), str(work / "feedback")],
                              input=got, text=True, timeout=10)
        if done.returncode not in (42, 43):
            raise RuntimeError(f"checker error: exit code {done.returncode}")
        return done.returncode == 42


def compare(folder, checker, stdin, expected, got):
    kind = checker["kind"]
    if kind == "program":
        return run_checker_program(folder, checker, stdin, expected, got)
    if kind == "regex":
        return re.fullmatch(checker["pattern"], got, re.S) is not None
    if kind == "contains":
        return checker["pattern"] in got
    if expected is None:
        return True
    if kind == "exact":
        return got == expected
    if kind == "tokens":
        return got.split() == expected.split()
    if kind == "float":
        return same_floats(expected, got, checker)
    return normal_lines(got) == normal_lines(expected)


def read_value(folder, test, key):
    if key in test:
        return test[key]
    if key + "_file" in test:
        return (folder / test[key + "_file"]).read_text()
    return None


def run_test(folder, exercise, program, test):
    """Returns the verdict: "passed", "wrong", "time", or "runtime"."""
    language = exercise["languages"]["python"]
    limit = test.get("limits", {}).get("time", exercise.get("limits", {}).get("time", 2.0))
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        shutil.copy(program, work / language["entry"])
        for item in test.get("files", []):
            source, name = (item, pathlib.Path(item).name) if isinstance(item, str) else (
                item["from"], item["name"])
            shutil.copy(folder / source, work / name)
        main = language["entry"]
        if "harness" in language:
            shutil.copy(folder / language["harness"], work / "driver.py")
            main = "driver.py"
        stdin = read_value(folder, test, "stdin") or ""
        if SANDPIT["cli"]:
            done = run_in_sandpit(work, main, stdin, test, limit, exercise)
            if done.returncode == 124:
                return "time"
        else:
            try:
                done = subprocess.run([PYTHON, main, *test.get("args", [])], cwd=work, input=stdin,
                                      capture_output=True, text=True, timeout=limit,
                                      env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin"})
            except subprocess.TimeoutExpired:
                return "time"
        if done.returncode != test.get("exit_code", 0):
            return "runtime"
        checker = checker_of(exercise, test)
        if not compare(folder, checker, stdin, read_value(folder, test, "stdout"), done.stdout):
            return "wrong"
        for expected in test.get("output_files", []):
            path = work / "output" / expected["name"]
            if not path.exists() or path.stat().st_size < expected.get("min_size", 0):
                return "wrong"
            if "file" in expected:
                want = (folder / expected["file"]).read_text()
                if not compare(folder, checker, stdin, want, path.read_text()):
                    return "wrong"
        return "passed"


def run_in_sandpit(work, main, stdin, test, limit, exercise):
    """Runs `main` in `work` through sandpit-cli, which keeps what the program leaves there."""
    memory = test.get("limits", {}).get("memory", exercise.get("limits", {}).get("memory", 256))
    (work.parent / (work.name + ".stdin")).write_text(stdin)
    return subprocess.run([SANDPIT["cli"], "run", str(work / main), "--workspace", str(work),
                           "--stdin", str(work.parent / (work.name + ".stdin")),
                           "--timeout", str(limit), "--memory", str(memory),
                           "--backend", SANDPIT["backend"],
                           *(["--image", SANDPIT["image"]] if SANDPIT["image"] else []),
                           "--", *test.get("args", [])],
                          capture_output=True, text=True)


def check_exercise(folder):
    exercise = tomllib.loads((folder / "exercise.toml").read_text())
    entry = exercise["languages"]["python"]["entry"]
    problems = []
    runs = [(folder / "solution" / entry, "solution")]
    runs += [(wrong, "wrong") for wrong in sorted((folder / "wrong").glob("*.py"))]
    runs.append((folder / "starter" / entry, "starter"))
    for program, role in runs:
        verdicts = [run_test(folder, exercise, program, t) for t in exercise["tests"]]
        label = f"{folder.name}/{program.relative_to(folder)}"
        print(f"  {label:55} {' '.join(verdicts)}")
        if role == "solution" and any(v != "passed" for v in verdicts):
            problems.append(f"{label}: the solution fails a test")
        if role in ("wrong", "starter") and all(v == "passed" for v in verdicts):
            problems.append(f"{label}: passes every test")
        if role == "wrong" and program.stem == "slow" and "time" not in verdicts:
            problems.append(f"{label}: no test ends in a time limit")
    problems += check_shape(folder, exercise)
    return problems


def check_shape(folder, exercise):
    problems = []
    tests = exercise["tests"]
    if not 3 <= len(tests) <= 8:
        problems.append(f"{folder.name}: {len(tests)} tests, not 3 to 8")
    if not any(t.get("visibility") == "example" for t in tests):
        problems.append(f"{folder.name}: no example test")
    if sorted(h.get("after", 1) for h in exercise.get("hints", [])) != [1, 3]:
        problems.append(f"{folder.name}: hints should unlock after 1 and 3 failed Checks")
    return problems


def main():
    args = sys.argv[1:]
    def option(name, default=None):
        return args[args.index(name) + 1] if name in args else default

    only = option("--only")
    SANDPIT["cli"] = option("--sandpit")
    SANDPIT["backend"] = option("--backend", "local")
    SANDPIT["image"] = option("--image")
    values = {option(name) for name in ("--only", "--sandpit", "--backend", "--image")}
    positional = [a for a in args if not a.startswith("--") and a not in values]
    course = pathlib.Path(positional[0] if positional else "resources/exercises/intro")
    problems = []
    for folder in sorted(course.glob("*-py")):
        if only is None or only in folder.name:
            problems += check_exercise(folder)
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
