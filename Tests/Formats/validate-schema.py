#!/usr/bin/env python3
"""Validates what a tool wrote against a JSON Schema of docs/schemas/ (Debian's python3-jsonschema).

    validate-schema.py SCHEMA --lines  < output      # every line a JSON object (a tool's --json output)
    validate-schema.py SCHEMA --json   < file        # one JSON document (recording.json, a model)
    validate-schema.py SCHEMA --csv    < file.csv    # every row of a CSV file, as {column: text}; the header must be
                                                     # exactly the schema's `required` columns, in order

Every schema of the folder is loaded, so `common.schema.json#/$defs/...` references resolve offline. Exit status 0 when
everything validates, 1 with one line per failure (line number, JSON path, message) otherwise, 2 on a usage error.
"""
import csv
import json
import pathlib
import sys

import jsonschema


def validator_for(schema_path: pathlib.Path):
    schemas = {}
    for path in schema_path.parent.glob("*.schema.json"):
        document = json.loads(path.read_text())
        schemas[document["$id"]] = document
    schema = json.loads(schema_path.read_text())
    cls = jsonschema.validators.validator_for(schema)
    try:  # jsonschema >= 4.18: the referencing registry
        from referencing import Registry, Resource
        registry = Registry().with_resources((uri, Resource.from_contents(doc)) for uri, doc in schemas.items())
        return cls(schema, registry=registry), schema
    except ImportError:  # Debian 12's 4.10: a resolver with a store
        resolver = jsonschema.RefResolver.from_schema(schema, store=schemas)
        return cls(schema, resolver=resolver), schema


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[2] not in ("--lines", "--json", "--csv"):
        print(__doc__, file=sys.stderr)
        return 2
    validator, schema = validator_for(pathlib.Path(sys.argv[1]))
    text = sys.stdin.read()
    documents = []
    failures = []
    if sys.argv[2] == "--json":
        documents = [(1, json.loads(text))]
    elif sys.argv[2] == "--lines":
        for number, line in enumerate(text.splitlines(), 1):
            try:
                documents.append((number, json.loads(line)))
            except json.JSONDecodeError as error:
                failures.append(f"line {number}: not JSON ({error}): {line[:120]}")
    else:
        reader = csv.DictReader(text.splitlines())
        if reader.fieldnames != schema.get("required"):
            failures.append(f"header {reader.fieldnames} is not {schema.get('required')}")
        documents = [(number, row) for number, row in enumerate(reader, 2)]
    if not documents and not failures:
        failures.append("nothing to validate")
    for number, document in documents:
        for error in validator.iter_errors(document):
            failures.append(f"line {number}: {'/'.join(str(p) for p in error.absolute_path) or '(root)'}: {error.message}")
    for failure in failures[:20]:
        print(f"{sys.argv[1]}: {failure}")
    if not failures:
        print(f"{len(documents)} valid against {pathlib.Path(sys.argv[1]).name}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
