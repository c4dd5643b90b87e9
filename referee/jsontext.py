"""JSON text byte for byte as `json.dumps(data, indent=2, ensure_ascii=True)`
writes it (`dumps_indented`), and as `json.dumps(data, ensure_ascii=True,
separators=(",", ":"))` (`dumps_compact`), for less.

Given an indent, the standard library falls back to its pure-Python encoder,
a chain of generators that each chunk of text climbs through level by level:
a Game, Flip, Flop report cost a fifth of its check to write. Here the C
encoder writes the compact text, which is then laid out as the indent lays
it out. Cut at its quotes, the compact text is structure, string, structure,
...: the structures (brackets, commas, colons, numbers, true, false, null)
are all that changes, each one's depth is the sum of the brackets before it,
and each (structure, depth) pair is laid out once and then looked up, so the
work per document is done by C loops. A value the C encoder does not take
as `json.dumps` would (none of the referee's) goes to `json.dumps` itself,
so the text and the errors are always the standard library's.
`tests/core/test_jsontext.py` compares the two on reports of every game and
on awkward values.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii
from itertools import accumulate
from typing import Any, Callable

try:
    from _json import encode_basestring_ascii as _c_encode_basestring_ascii
    from _json import make_encoder as _make_encoder
except ImportError:  # pragma: no cover - a Python built without _json
    _make_encoder = None  # type: ignore[misc, assignment]

__all__ = ["dumps_indented", "dumps_compact", "indented", "spliced", "filled"]

INDENT = 2
_CACHED = 4096  # (structure, depth) pairs kept; numbers make new ones
_BREAKS = ["\n" + " " * (INDENT * depth) for depth in range(64)]  # deeper goes to json.dumps


class _Other(Exception):
    """A value left to `json.dumps` (which writes it, or says why not)."""


def _refuse(value: object) -> Any:
    raise _Other


_COMPACT: Callable[[Any, int], Any] | None = None
if _make_encoder is not None:
    _COMPACT = _make_encoder(None, _refuse, _c_encode_basestring_ascii, None, ":", ",", False, False, True)


class _Layouts(dict):
    """(structure, depth) -> the structure laid out as the indent lays it out at that depth."""

    def __missing__(self, key: tuple[str, int]) -> str:
        structure, depth = key
        out = []
        i = 0
        while i < len(structure):
            char = structure[i]
            if char in "{[":
                if structure[i + 1:i + 2] in ("}", "]"):  # {} or []: as written
                    out.append(structure[i:i + 2])
                    i += 2
                    continue
                depth += 1
                out.append(char + _BREAKS[depth])
            elif char in "}]":
                depth -= 1
                out.append(_BREAKS[depth] + char)
            elif char == ",":
                out.append("," + _BREAKS[depth])
            elif char == ":":
                out.append(": ")
            else:  # a number, true, false, null, NaN, Infinity
                out.append(char)
            i += 1
        if len(self) >= _CACHED:
            self.clear()
        self[key] = laid = "".join(out)
        return laid


class _Changes(dict):
    """structure -> how many more brackets it opens than it closes."""

    def __missing__(self, structure: str) -> int:
        if len(self) >= _CACHED:
            self.clear()
        self[structure] = change = (structure.count("{") + structure.count("[")
                                    - structure.count("}") - structure.count("]"))
        return change


_LAYOUTS, _CHANGES = _Layouts(), _Changes()


def _whole_strings(parts: list[str]) -> list[str]:
    """`parts` (the text cut at every quote) with each string whose quotes are escaped made
    one again: a string's part that ends in an odd number of backslashes ends at an escaped
    quote. Only for a text that holds one."""
    out = [parts[0]]
    i = 1
    while i < len(parts):
        text = parts[i]
        while (len(text) - len(text.rstrip("\\"))) % 2:
            i += 1
            text += '"' + parts[i]
        out += (text, parts[i + 1])
        i += 2
    return out


def _laid_out(compact: str) -> str:
    """The compact text laid out as json.dumps lays it out with the indent.

    Without an escaped quote in the text, and with no string that is a lone colon (`":"`
    after a bracket, a comma or at the start), `":"` is only ever a key followed by a string
    value: it is put aside as a control character (never in the encoder's text), so that
    the key and its value are one part and the colon costs no lookup."""
    escaped = '\\"' in compact or (
        '":"' in compact and (compact.startswith('":"') or '[":"' in compact or ',":"' in compact
                              or '{":"' in compact))
    if not escaped:
        compact = compact.replace('":"', _KEY_TEXT)
    parts = compact.split('"')
    if escaped:
        parts = _whole_strings(parts)
    structures = parts[0::2]
    depths = accumulate(map(_CHANGES.__getitem__, structures[:-1]), initial=0)
    parts[0::2] = map(_LAYOUTS.__getitem__, zip(structures, depths))
    text = '"'.join(parts)
    return text if escaped else text.replace(_KEY_TEXT, '": "')


_KEY_TEXT = "\x01"


def dumps_indented(data: Any) -> str:
    """`json.dumps(data, indent=2, ensure_ascii=True)`, the same text."""
    if _COMPACT is not None:
        try:
            return _laid_out("".join(_COMPACT(data, 0)))
        except (_Other, RecursionError, IndexError):
            pass
    return json.dumps(data, indent=INDENT, ensure_ascii=True)


def dumps_compact(data: Any) -> str:
    """`json.dumps(data, ensure_ascii=True, separators=(",", ":"))`, the same text."""
    if _COMPACT is not None:
        try:
            return "".join(_COMPACT(data, 0))
        except (_Other, RecursionError):
            pass
    return json.dumps(data, ensure_ascii=True, separators=(",", ":"))


def indented(text: str, depth: int) -> str:
    """`text` as `dumps_indented` writes it, with each line after the first indented by
    `depth` levels more (as the value stands at that depth of a larger text)."""
    return text.replace("\n", _BREAKS[depth]) if depth else text


def spliced(text: str, key: str, items: list[str], *, depth: int = 0) -> str:
    """`text`, an object as `indented` writes it at `depth`, whose `key` holds `[]`, with that
    array holding `items` (each as it stands at `depth` + 2): the text `indented` writes for
    the object holding them. Only a key of that object starts a line with exactly `depth` + 1
    indents and a quote (text in strings holds no line break), so the key is found where it is."""
    if not items:
        return text
    marker = f"{_BREAKS[depth + 1]}{encode_basestring_ascii(key)}: []"
    if text.count(marker) != 1:  # not an assert: under `python -O` the items would vanish silently
        raise ValueError(f"no single empty {key!r} in the object")
    inner = _BREAKS[depth + 2]
    return text.replace(marker, f"{marker[:-1]}{inner}{(',' + inner).join(items)}{_BREAKS[depth + 1]}]", 1)


def filled(text: str, key: str, values: list[str], *, depth: int = 0) -> str:
    """`text`, as `indented` writes it, where objects at `depth` (and only they) hold `key`,
    each holding `{}`, with the n-th of them holding `values[n]` instead (an object's text as
    it stands at `depth` + 1). Only a key of such an object starts a line with exactly
    `depth` + 1 indents and a quote, so the keys are found where they are, in order."""
    marker = f"{_BREAKS[depth + 1]}{encode_basestring_ascii(key)}: "
    pieces = text.split(marker + "{}")
    if len(pieces) != len(values) + 1:  # not an assert: under `python -O` values would vanish silently
        raise ValueError(f"not {len(values)} empty {key!r} in the text")
    out = [pieces[0]]
    for value, piece in zip(values, pieces[1:]):  # a loop: two strings for each value
        out += (marker + value, piece)
    return "".join(out)
