"""A fast yes/no validity check compiled from our JSON Schemas.

`jsonschema` explains a document that fails, with located messages; but it
costs milliseconds per transcript, most of it resolving `$ref`s. This module
compiles the same schema files (the single contract) into nested closures
that answer only "valid or not", for the Draft 2020-12 keywords our schemas
use. A schema using any other keyword makes `compile_schema` raise
`Unsupported`, and the caller falls back to `jsonschema` alone. A test
compares both validators on valid and broken documents.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Hashable, Mapping

__all__ = ["compile_schema", "compile_subschema", "distinct", "Unsupported"]

Check = Callable[[Any], bool]

_ANNOTATIONS = {"$schema", "$id", "$defs", "$comment", "title", "description", "examples", "default",
                "deprecated", "readOnly", "writeOnly"}
_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}


_BOUNDS: dict[str, Callable[[Any, Any], bool]] = {
    "minimum": lambda v, b: v >= b, "maximum": lambda v, b: v <= b,
    "exclusiveMinimum": lambda v, b: v > b, "exclusiveMaximum": lambda v, b: v < b,
}


#: Texts a pattern has matched are remembered, up to so many per pattern: an archive's
#: move lines repeat (a few players, 52 cards), and a set lookup costs a tenth of a search.
_MATCHED = 8192


#: The keywords `_Compiler.object_check` does in one closure (with `type: object`).
_OBJECT_KEYS = frozenset({"type", "required", "properties", "additionalProperties", "minProperties"})


class Unsupported(ValueError):
    """The schema uses a keyword this compiler does not implement."""


def _join(base: str, ref: str) -> tuple[str, str]:
    """(resource URI, fragment) of `ref` read against `base`: absolute URIs,
    `#fragments` and relative paths (with `.`/`..`) only, which is all our
    schemas write; anything else (queries, `//host`) is Unsupported, so
    jsonschema decides. Spares importing urllib at start-up."""
    ref, _, fragment = ref.partition("#")
    if "?" in ref or ref.startswith("//"):
        raise Unsupported(f"$ref {ref!r}")
    base = base.partition("#")[0]
    if not ref:
        return base, fragment
    if "://" in ref:
        return ref, fragment
    scheme, sep, rest = base.partition("://")
    if not sep:
        raise Unsupported(f"base URI {base!r}")
    host, _, path = rest.partition("/")
    parts = ([] if ref.startswith("/") else path.split("/")[:-1]) + ref.lstrip("/").split("/")
    resolved: list[str] = []
    for part in parts[:-1]:
        if part == "..":
            if resolved:
                resolved.pop()
        elif part != ".":
            resolved.append(part)
    last = parts[-1]
    if last in (".", ".."):
        if last == ".." and resolved:
            resolved.pop()
        last = ""
    return f"{scheme}://{host}/{'/'.join(resolved + [last])}", fragment


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def _canonical(value: Any) -> Hashable:
    """A hashable stand-in equal for JSON-equal values (true is not 1; 1 is 1.0)."""
    if isinstance(value, bool) or value is None:
        return ("b", value)
    if isinstance(value, (int, float)):
        return ("n", value)
    if isinstance(value, list):
        return ("l", tuple(_canonical(x) for x in value))
    if isinstance(value, dict):
        return ("d", frozenset((k, _canonical(x)) for k, x in value.items()))
    return ("s", value) if isinstance(value, str) else ("?", id(value))


def distinct(values: list) -> bool:
    """Whether no two items are JSON-equal, in time linear in their size
    (jsonschema compares unsortable items pairwise)."""
    if all(x.__class__ is str for x in values):
        return len(set(values)) == len(values)
    return len({_canonical(x) for x in values}) == len(values)


def _pointer(document: Any, pointer: str) -> Any:
    node = document
    for part in pointer.lstrip("/").split("/") if pointer else ():
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


class _Compiler:
    def __init__(self, resources: Mapping[str, dict], *, eager: bool) -> None:
        self.resources = resources
        self.eager = eager
        self.done: dict[tuple[str, str], Check] = {}

    def ref(self, base: str, ref: str) -> Check:
        uri, fragment = _join(base, ref)
        if uri not in self.resources:
            raise Unsupported(f"$ref to an unknown resource {uri}")
        key = (uri, fragment)
        if key not in self.done:
            cell: list[Check] = []

            def lazy(value: Any) -> bool:
                """Compile the target on first use: a transcript of one game
                never pays for the other games' schemas."""
                if not cell:
                    cell.append(self.compile(_pointer(self.resources[uri], fragment), uri))
                return cell[0](value)
            self.done[key] = lazy  # what a reference back to it, met while compiling it, gets
            if self.eager or uri == base.partition("#")[0]:  # within one file: compile now, call directly
                cell.append(self.compile(_pointer(self.resources[uri], fragment), uri))
                self.done[key] = cell[0]
        return self.done[key]

    def compile(self, schema: Any, base: str) -> Check:  # noqa: C901 - one branch per keyword
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        if not isinstance(schema, dict):
            raise Unsupported(f"schema {schema!r}")
        base = _join(base, schema["$id"])[0] if "$id" in schema else base
        keys = [k for k in schema if k not in _ANNOTATIONS and not k.startswith("x-") and k not in ("then", "else")]
        text = _text_check(schema, keys)
        if text is not None:
            return text
        if schema.get("type") == "object" and _OBJECT_KEYS.issuperset(keys):
            return self.object_check(schema, base)
        checks = [self.keyword(key, schema[key], schema, base) for key in keys]
        if not checks:
            return lambda value: True
        if len(checks) == 1:
            return checks[0]
        if len(checks) == 2:
            first, second = checks
            return lambda value: first(value) and second(value)

        def every(value: Any) -> bool:
            for check in checks:
                if not check(value):
                    return False
            return True
        return every

    def object_check(self, schema: dict, base: str) -> Check:
        """One closure for the common mapping (`type: object` with `required`,
        `properties`, `additionalProperties`, `minProperties`): the value's kind
        asked once, not by each keyword's own closure."""
        properties = schema.get("properties", {})
        subs = tuple((name, self.compile(sub, base)) for name, sub in properties.items())
        needed = frozenset(schema.get("required", ()))
        low = schema.get("minProperties", 0)
        known = frozenset(properties)
        rest = schema.get("additionalProperties", True)
        closed = rest is False
        extra = None if rest is True or closed else self.compile(rest, base)

        def mapping(v: Any) -> bool:
            if not isinstance(v, dict) or len(v) < low or not v.keys() >= needed:
                return False
            if closed:
                if not known.issuperset(v):
                    return False
            elif extra is not None:
                for k, x in v.items():
                    if k not in known and not extra(x):
                        return False
            for name, check in subs:
                if name in v and not check(v[name]):
                    return False
            return True
        return mapping

    def keyword(self, key: str, arg: Any, schema: dict, base: str) -> Check:  # noqa: C901
        if key == "type":
            tests = [_TYPES[t] for t in (arg if isinstance(arg, list) else [arg])]
            if len(tests) == 1:
                return tests[0]

            def some_type(v: Any) -> bool:
                for test in tests:  # (loops here and below: `any`/`all` of a generator cost a frame a call)
                    if test(v):
                        return True
                return False
            return some_type
        if key == "$ref":
            return self.ref(base, arg)
        if key == "const":
            return lambda v: _equal(v, arg)
        if key == "enum":
            if all(isinstance(x, str) for x in arg):
                allowed = frozenset(arg)
                return lambda v: isinstance(v, str) and v in allowed
            return lambda v: any(_equal(v, x) for x in arg)
        if key == "pattern":
            search = re.compile(arg).search
            return lambda v: not isinstance(v, str) or search(v) is not None
        if key == "minLength":
            return lambda v: not isinstance(v, str) or len(v) >= arg
        if key == "maxLength":
            return lambda v: not isinstance(v, str) or len(v) <= arg
        if key in _BOUNDS:
            compare = _BOUNDS[key]
            return lambda v: not _TYPES["number"](v) or compare(v, arg)
        if key == "multipleOf":
            return lambda v: not _TYPES["number"](v) or (v / arg) == int(v / arg)
        if key == "properties":
            subs = {name: self.compile(sub, base) for name, sub in arg.items()}

            def properties(v: Any) -> bool:
                if not isinstance(v, dict):
                    return True
                for name, check in subs.items():
                    if name in v and not check(v[name]):
                        return False
                return True
            return properties
        if key == "required":
            needed = frozenset(arg)  # a key view compares with a set at C speed
            return lambda v: not isinstance(v, dict) or v.keys() >= needed
        if key == "additionalProperties":
            if "patternProperties" in schema:
                raise Unsupported("patternProperties")
            known = frozenset(schema.get("properties", ()))
            if arg is False:
                return lambda v: not isinstance(v, dict) or known.issuperset(v)
            extra = self.compile(arg, base)

            def additional(v: Any) -> bool:
                if isinstance(v, dict):
                    for k, x in v.items():
                        if k not in known and not extra(x):
                            return False
                return True
            return additional
        if key == "propertyNames":
            names = self.compile(arg, base)

            def property_names(v: Any) -> bool:
                if isinstance(v, dict):
                    for k in v:
                        if not names(k):
                            return False
                return True
            return property_names
        if key == "minProperties":
            return lambda v: not isinstance(v, dict) or len(v) >= arg
        if key == "maxProperties":
            return lambda v: not isinstance(v, dict) or len(v) <= arg
        if key == "items":
            if "prefixItems" in schema:
                raise Unsupported("prefixItems")
            item = self.compile(arg, base)
            text_search = getattr(item, "search", None)
            if text_search is not None:  # items that are text matching a pattern (move lines): one loop, no calls
                matched: set[str] = item.matched  # type: ignore[attr-defined]  # set with search by _text_check

                def texts(v: Any) -> bool:
                    if isinstance(v, list):
                        try:
                            if matched.issuperset(v):  # every item seen before: one call
                                return True
                        except TypeError:  # an unhashable item: the loop below finds it
                            pass
                        for x in v:
                            if x.__class__ is str and x in matched:
                                continue
                            if not isinstance(x, str) or text_search(x) is None:
                                return False
                            if len(matched) < _MATCHED:
                                matched.add(x)
                    return True
                return texts

            def items(v: Any) -> bool:
                if isinstance(v, list):
                    for x in v:
                        if not item(x):
                            return False
                return True
            return items
        if key == "minItems":
            return lambda v: not isinstance(v, list) or len(v) >= arg
        if key == "maxItems":
            return lambda v: not isinstance(v, list) or len(v) <= arg
        if key == "uniqueItems":
            if not arg:
                return lambda v: True
            return lambda v: not isinstance(v, list) or distinct(v)
        if key in ("allOf", "anyOf", "oneOf"):
            branches = [self.compile(sub, base) for sub in arg]
            if key == "allOf":
                def all_of(v: Any) -> bool:
                    for sub in branches:
                        if not sub(v):
                            return False
                    return True
                return all_of
            if key == "anyOf":
                def any_of(v: Any) -> bool:
                    for sub in branches:
                        if sub(v):
                            return True
                    return False
                return any_of
            return lambda v: sum(1 for sub in branches if sub(v)) == 1
        if key == "not":
            sub = self.compile(arg, base)
            return lambda v: not sub(v)
        if key == "if":
            condition = self.compile(arg, base)
            then = self.compile(schema.get("then", True), base)
            otherwise = self.compile(schema.get("else", True), base)
            return lambda v: then(v) if condition(v) else otherwise(v)
        raise Unsupported(f"keyword {key!r}")


def _text_check(schema: dict, keys: list[str]) -> Check | None:
    """One closure for the common `{type: string, pattern, min/maxLength}`."""
    if schema.get("type") != "string" or not set(keys) <= {"type", "pattern", "minLength", "maxLength"}:
        return None
    pattern = re.compile(schema["pattern"]).search if "pattern" in schema else None
    low, high = schema.get("minLength", 0), schema.get("maxLength")
    if pattern is not None:  # the text seen to pass is remembered: a move line met again costs a set lookup
        search: Callable[[str], Any] = pattern
        if low or high is not None:
            def search(v: str) -> Any:  # the lengths, then the pattern, as one search
                return pattern(v) if low <= len(v) and (high is None or len(v) <= high) else None
        matched: set[str] = set()

        def matches(v: Any) -> bool:
            if v.__class__ is str and v in matched:
                return True
            if not isinstance(v, str) or search(v) is None:
                return False
            if len(matched) < _MATCHED:
                matched.add(v)
            return True
        matches.search = search  # type: ignore[attr-defined]  # lets `items` inline it
        matches.matched = matched  # type: ignore[attr-defined]
        return matches
    return lambda v: isinstance(v, str) and len(v) >= low and (high is None or len(v) <= high)


def compile_schema(uri: str, resources: Mapping[str, dict], *, eager: bool = True) -> Check:
    """A validity check for the schema registered at `uri`; raises Unsupported.
    With `eager=False`, each `$ref` to another file is compiled on first use, and an
    unsupported keyword there raises Unsupported at check time."""
    return _Compiler(resources, eager=eager).ref(uri, "")


def compile_subschema(schema: Any, base: str, resources: Mapping[str, dict]) -> Check:
    """The check of a schema met inside one of `resources`, its references read
    against `base` (those to other files compiled on first use); raises Unsupported."""
    return _Compiler(resources, eager=False).compile(schema, base)
