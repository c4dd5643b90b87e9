"""The JSON Schemas in `schemas/`, validators built once, and schema errors
turned into located, readable problems.

All schema files are registered up front by their `$id`, or, without one,
as `SCHEMA_BASE` + their path under `schemas/`; a `$ref` to anything else is
refused, never fetched.

The transcript schemas (`transcript.schema.json`, `games/`) carry no `$id`,
so that other tools resolve their relative `$ref`s against the files
themselves, and accept the numbers a standard YAML loader makes of digits
(`format: 1`, `legs: 13`): editors can use them. The referee's loader keeps
every scalar as text, and the referee reads those files narrowed back to
text (`_as_text`), exactly as strict as a schema that never mentioned numbers.
"""

from __future__ import annotations

import json
import os
from functools import cache
from itertools import islice
from typing import Any, Callable, Iterator

from .errors import InputError, Problem, shown
from .frozen import frozen
from .resources import data_dir
from .yamldoc import Document

__all__ = ["schema", "validator", "validate", "explain", "Explanation", "SCHEMA_BASE", "RefusedRetrieval"]

SCHEMA_BASE = "https://referee.invalid/schemas/"
MAX_PROBLEMS = 20
#: Schema errors counted (not explained) past those shown; a file over it says "more than".
MAX_COUNTED = 10_000


class RefusedRetrieval(LookupError):
    """A schema asked for a resource that is not one of ours."""


#: The schema files (paths under `schemas/`, or their beginnings) read narrowed to text.
_READ_AS_TEXT = ("transcript.schema.json", "games/")
_NUMBERS = ("integer", "number")
#: Keywords that only a number obeys: dropped with the numbers from a `type`.
_NUMERIC_KEYWORDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")


def _as_text(node: dict) -> dict:
    """One schema object (a `json.load` object hook) as the referee reads it:
    `integer` and `number` taken out of a `type` list naming `string` (and the
    keywords only numbers obey with them), numbers out of an `enum` of text (an
    `enum` left with one value is written `const`)."""
    kinds = node.get("type")
    if kinds.__class__ is list and "string" in kinds and ("integer" in kinds or "number" in kinds):
        kept = [kind for kind in kinds if kind not in _NUMBERS]
        node["type"] = kept[0] if len(kept) == 1 else kept
        for key in _NUMERIC_KEYWORDS:
            node.pop(key, None)
    values = node.get("enum")
    if values.__class__ is list and any(value.__class__ in (int, float) for value in values):
        kept = [value for value in values if value.__class__ not in (int, float)]
        if len(kept) == 1:
            return {("const" if key == "enum" else key): (kept[0] if key == "enum" else value)
                    for key, value in node.items()}
        node["enum"] = kept
    return node


@cache
def _all_schemas() -> dict[str, dict]:
    found: dict[str, dict] = {}
    root = data_dir("schemas")
    for folder, _, files in sorted(os.walk(root)):
        for file in sorted(files):
            if file.endswith(".schema.json"):
                name = os.path.relpath(os.path.join(folder, file), root).replace(os.sep, "/")
                hook = _as_text if name.startswith(_READ_AS_TEXT) else None
                with open(os.path.join(folder, file), encoding="utf-8") as handle:
                    loaded = json.load(handle, object_hook=hook)
                loaded.setdefault("$id", SCHEMA_BASE + name)
                found[loaded["$id"]] = loaded
    _add_outside(found)
    return found


def _add_outside(found: dict[str, dict]) -> None:
    """The schema of each game registered from outside the package (its data
    folder's `<game>.schema.json`, filed as `games/<game>.schema.json`), and
    the transcript schema's dispatch on `game` to it."""
    from .games import REGISTRY

    outside = REGISTRY.data_folders()
    if not outside:
        return
    transcript = found[SCHEMA_BASE + "transcript.schema.json"]
    for game, folder in outside.items():
        with open(os.path.join(folder, f"{game}.schema.json"), encoding="utf-8") as handle:
            loaded = json.load(handle, object_hook=_as_text)
        loaded.setdefault("$id", SCHEMA_BASE + f"games/{game}.schema.json")
        found[loaded["$id"]] = loaded
        transcript["properties"]["game"]["enum"].append(game)
        transcript["allOf"].append({"if": {"required": ["game"], "properties": {"game": {"const": game}}},
                                    "then": {"$ref": f"games/{game}.schema.json"}})


def _forget() -> None:
    """A game was registered or removed: the schemas are read again."""
    for cached in (_all_schemas, _registry, validator, fast_check):
        cached.cache_clear()


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
    return Registry(retrieve=_refuse).with_resources(resources)  # type: ignore[call-arg]  # attrs alias of _retrieve


@cache
def _validator_class() -> Any:
    """Draft 2020-12, with bounded work on hostile input: `items` and
    `additionalProperties` skip the values the compiled check passes (a long
    valid list costs microseconds, not a jsonschema walk), `anyOf`/`oneOf` keep
    at most `MAX_PROBLEMS` errors of each branch, and `uniqueItems` compares
    items by hashing, never pairwise. Same verdicts as the plain validator."""
    from attrs import fields
    from jsonschema import Draft202012Validator, _keywords
    from jsonschema.exceptions import ValidationError
    from jsonschema.validators import extend

    from .fastcheck import distinct

    def items(validator: Any, items: Any, instance: Any, schema: dict) -> Iterator[Any]:
        if isinstance(items, bool) or "prefixItems" in schema or not isinstance(instance, list):
            # A generator (types-jsonschema says it returns None).
            yield from _keywords.items(validator, items, instance, schema)  # type: ignore[func-returns-value,misc]
            return
        passes = _passes(validator, items)
        for index, item in enumerate(instance):
            if not passes(item):
                yield from validator.descend(instance=item, schema=items, path=index)

    def additional(validator: Any, extra: Any, instance: Any, schema: dict) -> Iterator[Any]:
        if not isinstance(extra, dict) or "patternProperties" in schema or not isinstance(instance, dict):
            # A generator (types-jsonschema says it returns None).
            yield from _keywords.additionalProperties(  # type: ignore[func-returns-value,misc]
                validator, extra, instance, schema)
            return
        known = schema.get("properties", {})
        passes = _passes(validator, extra)
        for key, value in instance.items():
            if key not in known and not passes(value):
                yield from validator.descend(value, extra, path=key)

    def branches(keyword: str) -> Callable[..., Iterator[Any]]:
        def some_of(validator: Any, subschemas: list, instance: Any, schema: dict) -> Iterator[Any]:
            context: list[Any] = []
            valid = []
            for index, subschema in enumerate(subschemas):
                errors = list(islice(validator.descend(instance, subschema, schema_path=index), MAX_PROBLEMS))
                if not errors:
                    valid.append(subschema)
                    if keyword == "anyOf":
                        return
                context.extend(errors)
            if not valid:
                yield ValidationError(f"not valid under any of the given schemas ({keyword})", context=context)
            elif len(valid) > 1:
                yield ValidationError(f"valid under {len(valid)} of the given schemas (oneOf)")
        return some_of

    def unique(validator: Any, unique: Any, instance: Any, schema: dict) -> Iterator[Any]:
        if unique and isinstance(instance, list) and not distinct(instance):
            yield ValidationError("has non-unique elements")

    explaining = extend(Draft202012Validator, {"items": items, "additionalProperties": additional,
                                               "anyOf": branches("anyOf"), "oneOf": branches("oneOf"),
                                               "uniqueItems": unique})
    init = [(field.name, field.alias) for field in fields(explaining) if field.init]

    def evolve(self: Any, **changes: Any) -> Any:
        """As jsonschema's, but a subschema naming its `$schema` (all of ours
        name Draft 2020-12) keeps this class instead of the plain one."""
        changes.setdefault("schema", self.schema)
        for name, alias in init:
            if alias not in changes:
                changes[alias] = getattr(self, name)
        return explaining(**changes)
    explaining.evolve = evolve
    return explaining


#: Compiled checks by (base URI, id of the subschema), with the subschema itself, so that
#: an id reused by another object after the first is freed never finds the wrong check.
_PASSES: dict[tuple[str, int], tuple[Any, Callable[[Any], bool]]] = {}


def _never(value: Any) -> bool:
    return False


def _passes(validator: Any, subschema: Any) -> Callable[[Any], bool]:
    """The compiled check of `subschema` read where `validator` stands (False for
    every value when it cannot be compiled: jsonschema then looks at each)."""
    base = getattr(getattr(validator, "_resolver", None), "_base_uri", None)
    if not isinstance(base, str) or not base.startswith(SCHEMA_BASE):
        return _never
    key = (base, id(subschema))
    entry = _PASSES.get(key)
    if entry is not None and entry[0] is subschema:
        return entry[1]
    from .fastcheck import Unsupported, compile_subschema

    try:
        compiled = compile_subschema(subschema, base, _all_schemas())
    except Unsupported:
        compiled = _never

    def passes(value: Any) -> bool:
        try:
            return compiled(value)
        except Unsupported:
            return False
    _PASSES[key] = (subschema, passes)
    return passes


def local_validator(contents: dict) -> Any:
    """A Draft 2020-12 validator for `contents` that resolves only our schemas."""
    return _validator_class()(contents, registry=_registry())


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


@frozen(slots=True)
class Explanation:
    """What is wrong with a document: the first problems found (at most
    `MAX_PROBLEMS`, in file order), and how many more there are (`more`, exact
    unless `counted_all` is false: counting stops at `MAX_COUNTED`)."""

    problems: tuple[Problem, ...]
    more: int
    counted_all: bool


def explain(document: Document, name: str) -> Explanation:
    """The schema's errors in the document, explained until `MAX_PROBLEMS`
    problems are found, then counted up to `MAX_COUNTED` more, then no
    further: the cost is bounded whatever the number of errors."""
    found: set[Problem] = set()
    more = errors = 0
    for error in validator(name).iter_errors(document.data):
        errors += 1
        for problem in _explain(error, document):
            if len(found) < MAX_PROBLEMS:
                found.add(problem)
            elif problem not in found:
                more += 1
                if more >= MAX_COUNTED:
                    return Explanation(_in_order(found), more, counted_all=False)
    if errors and not found:  # pragma: no cover - every keyword explained yields a problem
        found.add(Problem("does not match the transcript schema"))
    return Explanation(_in_order(found), more, counted_all=True)


def _in_order(problems: set[Problem]) -> tuple[Problem, ...]:
    return tuple(sorted(problems, key=lambda p: (p.line or 0, p.column or 0, p.message)))


def validate(document: Document, name: str) -> None:
    """Raise InputError listing (up to 20) schema violations, each located,
    and a count of the rest. A valid document costs only the compiled check;
    `jsonschema` runs only to explain a failure (and has the last word)."""
    from .fastcheck import Unsupported

    fast = fast_check(name)
    try:
        if fast is not None and fast(document.data):
            return
    except Unsupported:
        pass  # a schema the compiler cannot do: jsonschema alone decides
    found = explain(document, name)
    if not found.problems:
        return
    problems = list(found.problems)
    if found.more:
        count = f"{found.more:,}" if found.counted_all else f"at least {found.more:,}"
        problems.append(Problem(f"and {count} more problem{'' if found.more == 1 else 's'} (not listed)"))
    raise InputError(problems, file=document.name)


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

        fitting = _fitting(error.context)
        if len({e.relative_schema_path[0] for e in fitting}) == 1:  # one branch applies: all its errors
            for each in fitting:
                yield from _leaves(each)
        else:
            yield from _leaves(best_match(fitting))
    else:
        yield error


def _fitting(errors: list[Any]) -> list[Any]:
    """The branch errors worth choosing from: not those of a branch refused
    only because the value is of another kind (`bankrolls: {Al: ten}` is a
    mapping, so the branch for the text 'unlimited' says nothing useful;
    `best_match` alone prefers it, as the shallower error)."""
    misfits = {e.relative_schema_path[0] for e in errors if e.validator == "type" and not e.relative_path}
    kept = [e for e in errors if e.relative_schema_path[0] not in misfits]
    return kept or errors


def _explain(error: Any, document: Document) -> Iterator[Problem]:
    for leaf in _leaves(error):
        path = tuple(leaf.absolute_path)
        line, column = document.position(path)
        keyword, expected, value = leaf.validator, leaf.validator_value, leaf.instance
        where = _where(path)
        hint = leaf.schema.get("x-expected") if isinstance(leaf.schema, dict) else None
        if keyword in ("enum", "pattern"):
            from .suggest import schema_problems

            better = schema_problems(document, path, keyword=keyword, expected=expected, value=value, hint=hint,
                                     where=where)
            if better:
                yield from better
                continue
        if keyword in ("additionalProperties", "unevaluatedProperties") and isinstance(value, dict):
            allowed = set(leaf.schema.get("properties", {}))
            for key in value:
                if key not in allowed:
                    kline, kcolumn = document.key_position(path + (key,))
                    from .suggest import did_you_mean

                    yield Problem(f"{where}: unknown key '{shown(key)}'{did_you_mean(key, allowed)}", kline, kcolumn)
            continue
        if keyword == "required":
            missing = [key for key in expected if isinstance(value, dict) and key not in value]
            keys = "key" if len(missing) == 1 else "keys"
            yield Problem(f"{where}: missing {keys} {', '.join(missing)}", line, column)
            continue
        if keyword == "type":
            names: list[str] = expected if isinstance(expected, list) else [expected]
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


def _listen() -> None:
    from .games import REGISTRY

    REGISTRY.on_change(_forget)


_listen()
