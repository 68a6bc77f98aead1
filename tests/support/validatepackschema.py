#!/usr/bin/env python3
"""Checks TOML files of exercise packs against docs/exercise-pack.schema.json.

Usage: validatepackschema.py SCHEMA FILE... [--invalid FILE...]
Every FILE before --invalid must be valid, every one after it invalid. Prints what went the
other way and exits 1 if anything did.
"""
import json
import sys
import tomllib

import jsonschema


def main(argv):
    schema = json.load(open(argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    want_valid = True
    failed = False
    for path in argv[2:]:
        if path == "--invalid":
            want_valid = False
            continue
        with open(path, "rb") as file:
            data = tomllib.load(file)
        errors = list(validator.iter_errors(data))
        if want_valid and errors:
            print(f"{path}: the schema refuses it: {errors[0].message}")
            failed = True
        elif not want_valid and not errors:
            print(f"{path}: the schema takes it, but it is not a valid pack file")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
