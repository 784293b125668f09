#!/usr/bin/env python3
"""Validates report files against their schemas: JSON reports against docs/report.schema.json (ours),
SARIF reports against the SARIF 2.1.0 schema (OASIS). Every error is printed; exit 1 on any.

usage: validate_reports.py --json-schema S --sarif-schema S [--json F]... [--sarif F]...
Needs Debian's python3-jsonschema (scripts/setup.sh installs it).
"""
import argparse
import json
import sys

import jsonschema


def validate(schema_path, files, kind):
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema, format_checker=jsonschema.FormatChecker())
    bad = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        for e in errors[:20]:
            print(f"{path}: {kind}: {'/'.join(map(str, e.absolute_path))}: {e.message}", file=sys.stderr)
        if errors:
            bad += 1
        else:
            print(f"{path}: valid {kind}")
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json-schema", required=True)
    ap.add_argument("--sarif-schema", required=True)
    ap.add_argument("--json", action="append", default=[])
    ap.add_argument("--sarif", action="append", default=[])
    a = ap.parse_args()
    if not a.json and not a.sarif:
        print("nothing to validate", file=sys.stderr)
        return 1
    bad = validate(a.json_schema, a.json, "JSON report") if a.json else 0
    bad += validate(a.sarif_schema, a.sarif, "SARIF 2.1.0") if a.sarif else 0
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
