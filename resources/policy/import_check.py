# Sandpit's import check (core/policy/). It runs in the sandbox before the program, under
# small limits of its own, and only parses: nothing of the program is executed. It prints
# one JSON object per line, which Sandpit validates and judges against the import policy:
#   {"import": "os.path", "names": ["join"], "file": "main.py", "line": 3, "column": 1, "how": "from"}
#   {"dynamic": "__import__", "file": "main.py", "line": 7, "column": 5}
#   {"syntax_error": "main.py", "line": 2}
#   {"incomplete": "main.py is larger than 4 MB"}   (the check could not look at everything)
#   {"end": 3}   (the number of import and dynamic lines before it: a cut report is seen)
# The learner's own modules (relative imports, and names that are X.py or X/__init__.py of
# the workspace) are followed, and reported only when the standard library has the name.
import ast
import json
import os
import sys

# The workspace: the checker is written at its top, beside the entry file's folder.
ROOT = os.path.dirname(os.path.abspath(__file__))
MAX_FILES = 500
MAX_BYTES = 4 * 1024 * 1024
# A learner's os.py does not hide the real one: modules Python loads at start-up are never
# read again, and a name the interpreter knows may be frozen or built in. So a standard
# library name is always reported, even when the learner has a file of that name.
STDLIB = frozenset(getattr(sys, "stdlib_module_names", sys.builtin_module_names))


class Incomplete(Exception):
    """The check could not look at everything: a silent pass would let a blocked import by."""


def emit(record):
    sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")


def own_module_file(base, dotted):
    """The workspace file Python would import for `dotted` from folder `base`, else None."""
    path = os.path.join(base, *dotted.split("."))
    # A plain folder (a namespace package) loses to the standard library's module at run
    # time, so it is not the learner's own.
    for candidate in (path + ".py", os.path.join(path, "__init__.py")):
        if os.path.isfile(candidate):
            return candidate
    return None


def package_of(relative_file):
    parts = relative_file.replace(os.sep, "/").split("/")[:-1]
    return parts


class Checker:
    def __init__(self, entry):
        self.base = os.path.dirname(os.path.join(ROOT, entry))
        self.queue = [os.path.join(ROOT, entry)]
        self.seen = set()
        self.count = 0

    def relative(self, path):
        return os.path.relpath(path, ROOT)

    def follow(self, path):
        if path is None:
            return
        if os.path.isdir(path):
            path = os.path.join(path, "__init__.py")
            if not os.path.isfile(path):
                return
        real = os.path.realpath(path)
        if real.startswith(ROOT + os.sep) and real not in self.seen:
            self.queue.append(real)

    def absolute(self, node, file, name, names, how):
        own = own_module_file(self.base, name)
        if own is not None:
            self.follow(own)
            for sub in names:
                self.follow(own_module_file(self.base, name + "." + sub))
            if name.split(".")[0] not in STDLIB:
                return
        self.count += 1
        emit({"import": name, "names": names, "file": file, "line": node.lineno,
              "column": node.col_offset + 1, "how": how})

    def relative_import(self, path, level, module, names):
        folder = os.path.dirname(path)
        for _ in range(level - 1):
            folder = os.path.dirname(folder)
        if module:
            self.follow(own_module_file(folder, module))
        else:
            for sub in names:
                self.follow(own_module_file(folder, sub))

    def dynamic(self, node, file, how):
        self.count += 1
        emit({"dynamic": how, "file": file, "line": node.lineno, "column": node.col_offset + 1})

    def call(self, node, path, file):
        func = node.func
        if isinstance(func, ast.Name) and func.id == "__import__":
            how = "__import__"
        elif isinstance(func, ast.Name) and func.id == "import_module":
            how = "import_module"
        elif (isinstance(func, ast.Attribute) and func.attr == "import_module"
              and isinstance(func.value, ast.Name) and func.value.id == "importlib"):
            how = "import_module"
        else:
            return
        first = node.args[0] if node.args else None
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            self.dynamic(node, file, how)
            return
        name = first.value
        if name.startswith("."):
            level = len(name) - len(name.lstrip("."))
            self.relative_import(path, level, name.lstrip("."), [])
            return
        if not all(part.isidentifier() for part in name.split(".")):
            self.dynamic(node, file, how)
            return
        self.absolute(node, file, name, [], how)

    def check(self, path):
        file = self.relative(path)
        try:
            if os.path.getsize(path) > MAX_BYTES:
                raise Incomplete("%s is larger than %d MB" % (file, MAX_BYTES // (1024 * 1024)))
            with open(path, "rb") as handle:
                tree = ast.parse(handle.read(), filename=file)
        except (RecursionError, MemoryError):
            # The check's own limits, not the program's mistake: the program may still compile.
            raise Incomplete("reading %s needed more than the check's limits allow" % file)
        except (SyntaxError, ValueError) as error:
            # The program's own run reports it, in the words learners know.
            emit({"syntax_error": file, "line": getattr(error, "lineno", None) or 0})
            return
        except OSError:
            return
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self.absolute(node, file, alias.name, [], "import")
            elif isinstance(node, ast.ImportFrom):
                names = [alias.name for alias in node.names if alias.name != "*"]
                if node.level:
                    self.relative_import(path, node.level, node.module, names)
                else:
                    self.absolute(node, file, node.module, names, "from")
            elif isinstance(node, ast.Call):
                self.call(node, path, file)

    def run(self):
        while self.queue:
            path = self.queue.pop(0)
            if path in self.seen:
                continue
            if len(self.seen) >= MAX_FILES:
                raise Incomplete("the program has more than %d files to read" % MAX_FILES)
            self.seen.add(path)
            self.check(path)
        emit({"end": self.count})


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    try:
        Checker(sys.argv[1]).run()
    except Incomplete as why:
        emit({"incomplete": str(why)})
    except (RecursionError, MemoryError):
        emit({"incomplete": "the check needed more than its limits allow"})
