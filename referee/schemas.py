"""The JSON Schemas in `schemas/`, validators built once, and schema errors
turned into located, readable problems.

All schema files are registered up front by their `$id`; a `$ref` to
anything else is refused, never fetched.
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any, Callable, Iterator

from .errors import InputError, Problem, shown
from .resources import data_dir
from .yamldoc import Document

__all__ = ["schema", "validator", "validate", "SCHEMA_BASE", "RefusedRetrieval"]

SCHEMA_BASE = "https://referee.invalid/schemas/"
MAX_PROBLEMS = 20


class RefusedRetrieval(LookupError):
    """A schema asked for a resource that is not one of ours."""


@cache
def _all_schemas() -> dict[str, dict]:
    found: dict[str, dict] = {}
    for folder, _, files in sorted(os.walk(data_dir("schemas"))):
        for file in sorted(files):
            if file.endswith(".schema.json"):
                with open(os.path.join(folder, file), encoding="utf-8") as handle:
                    loaded = json.load(handle)
                found[loaded["$id"]] = loaded
    return found


def schema(name: str) -> dict:
    """A schema by file name relative to `schemas/`, e.g. `transcript.schema.json`."""
    return _all_schemas()[SCHEMA_BASE + name]


def _refuse(uri: str) -> Any:
    raise RefusedRetrieval(f"schema reference {uri!r} is not a local schema; not fetched")


@cache
def _registry() -> Any:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = [
        (uri, Resource.from_contents(contents, default_specification=DRAFT202012))
        for uri, contents in _all_schemas().items()
    ]
    return Registry(retrieve=_refuse).with_resources(resources)


def local_validator(contents: dict) -> Any:
    """A Draft 2020-12 validator for `contents` that resolves only our schemas."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(contents, registry=_registry())


@cache
def validator(name: str) -> Any:
    return local_validator(schema(name))


@cache
def fast_check(name: str) -> Callable[[Any], bool] | None:
    """The compiled yes/no check for a schema (None if it cannot be compiled)."""
    from .fastcheck import Unsupported, compile_schema

    try:
        return compile_schema(SCHEMA_BASE + name, _all_schemas(), eager=False)
    except Unsupported:
        return None


def validate(document: Document, name: str) -> None:
    """Raise InputError listing (up to 20) schema violations, each located.
    A valid document costs only the compiled check; `jsonschema` runs only
    to explain a failure (and has the last word)."""
    from .fastcheck import Unsupported

    fast = fast_check(name)
    try:
        if fast is not None and fast(document.data):
            return
    except Unsupported:
        pass  # a schema the compiler cannot do: jsonschema alone decides
    errors = list(validator(name).iter_errors(document.data))
    if not errors:
        return
    problems = sorted(
        {problem for error in errors for problem in _explain(error, document)},
        key=lambda p: (p.line or 0, p.column or 0, p.message),
    )
    raise InputError(problems[:MAX_PROBLEMS], file=document.name)


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if value is None:
        return "nothing"
    return f"'{shown(value)}'"


_TYPE_NAMES = {"object": "a mapping", "array": "a list", "string": "text", "boolean": "true or false",
               "null": "nothing", "integer": "a whole number", "number": "a number"}


def _where(path: Any) -> str:
    steps = [f"[{step + 1}]" if isinstance(step, int) else f".{step}" for step in path]
    return "".join(steps).lstrip(".") or "the document"


def _leaves(error: Any) -> Iterator[Any]:
    """The errors worth showing: for anyOf/oneOf, the best branch's errors."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        from jsonschema.exceptions import best_match

        yield from _leaves(best_match(error.context))
    else:
        yield error


def _explain(error: Any, document: Document) -> Iterator[Problem]:
    for leaf in _leaves(error):
        path = tuple(leaf.absolute_path)
        line, column = document.position(path)
        keyword, expected, value = leaf.validator, leaf.validator_value, leaf.instance
        where = _where(path)
        hint = leaf.schema.get("x-expected") if isinstance(leaf.schema, dict) else None
        if keyword in ("additionalProperties", "unevaluatedProperties") and isinstance(value, dict):
            allowed = set(leaf.schema.get("properties", {}))
            for key in value:
                if key not in allowed:
                    kline, kcolumn = document.key_position(path + (key,))
                    yield Problem(f"{where}: unknown key '{shown(key)}'", kline, kcolumn)
            continue
        if keyword == "required":
            missing = [key for key in expected if isinstance(value, dict) and key not in value]
            keys = "key" if len(missing) == 1 else "keys"
            yield Problem(f"{where}: missing {keys} {', '.join(missing)}", line, column)
            continue
        if keyword == "type":
            names = expected if isinstance(expected, list) else [expected]
            wanted = " or ".join(_TYPE_NAMES.get(n, n) for n in names)
            message = f"{where}: expected {wanted}, found {_kind(value)}"
        elif keyword == "enum":
            message = f"{where}: {_kind(value)} is not one of: {', '.join(map(str, expected))}"
        elif keyword == "const":
            message = f"{where}: expected '{expected}', found {_kind(value)}"
        elif keyword == "pattern":
            message = f"{where}: {_kind(value)} is not {hint or 'in the expected form'}"
        elif keyword in ("minItems", "maxItems"):
            count = len(value) if isinstance(value, list) else 0
            word = "at least" if keyword == "minItems" else "at most"
            message = f"{where}: {count} item{'' if count == 1 else 's'}; needs {word} {expected}"
        elif keyword in ("minLength", "maxLength"):
            word = "at least" if keyword == "minLength" else "at most"
            message = f"{where}: {_kind(value)} must be {word} {expected} characters"
        elif keyword in ("minProperties", "maxProperties"):
            word = "at least" if keyword == "minProperties" else "at most"
            message = f"{where}: needs {word} {expected} entr{'y' if expected == 1 else 'ies'}"
        elif keyword == "uniqueItems":
            message = f"{where}: items must be distinct"
        else:
            message = f"{where}: {shown(leaf.message, 200)}"
        if hint and keyword != "pattern":
            message += f" (expected {hint})"
        yield Problem(message, line, column)
