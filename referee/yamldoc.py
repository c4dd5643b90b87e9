"""YAML text to plain data, built straight from parser events.

One pass over libyaml's events (the pure-Python parser if libyaml is
missing) builds dicts, lists and scalars and keeps every value's position.
Because nothing is composed first, hostile input is refused before it can
cost anything: no tags, no anchors or aliases, nesting at most `max_depth`,
scalars at most `max_scalar` characters, one document, unique keys.

Scalars never change type behind the user's back: every plain scalar is
text (`no`, `010`, `1:30`, `2026-11-29` stay as written) except `true`,
`false` and `null`/`~`/empty; mapping keys are always text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, cast

import yaml
from yaml import events as ev

from .errors import InputError, Problem, shown

_Parser: Any  # libyaml's parser class, or None
try:  # pragma: no cover - depends on how PyYAML was built
    from yaml._yaml import CParser as _Parser

    LIBYAML = True
except ImportError:  # pragma: no cover
    _Parser = None
    LIBYAML = False

__all__ = ["Document", "Positions", "load_document", "Path", "DEFAULT_MAX_DEPTH", "DEFAULT_MAX_SCALAR"]

DEFAULT_MAX_DEPTH = 32
DEFAULT_MAX_SCALAR = 4096

Path = tuple[str | int, ...]

_SPECIAL = {
    "true": True, "True": True, "TRUE": True,
    "false": False, "False": False, "FALSE": False,
    "null": None, "Null": None, "NULL": None, "~": None, "": None,
}


@dataclass(eq=False, slots=True)
class Document:
    """Plain data (dict, list, str, bool, None) plus where each value was written.

    Positions are kept as parser marks and turned into 1-based line and
    column only when asked for.
    """

    name: str
    data: Any
    root_mark: Any
    marks: dict[int, Any] = field(default_factory=dict)
    text: str = ""  # the source text, for the column of a word inside a value (messages only)

    def position(self, path: Iterable[str | int]) -> tuple[int, int]:
        """Line and column of the value at `path` (or of the nearest ancestor found)."""
        mark = self.root_mark
        node = self.data
        for step in path:
            table = self.marks.get(id(node))
            if table is None:
                break
            try:
                entry = table[step]
            except (KeyError, IndexError, TypeError):
                break
            mark = entry[1] if isinstance(node, dict) else entry
            node = node[step]
        return mark.line + 1, mark.column + 1

    def key_position(self, path: Iterable[str | int]) -> tuple[int, int]:
        """Line and column of the key naming the value at `path` (the value's own
        position for list items)."""
        *parent_path, last = tuple(path) or ("",)
        node = self.data
        for step in parent_path:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                return self.position(parent_path)
        table = self.marks.get(id(node))
        if isinstance(node, dict) and table is not None and last in table:
            mark = table[last][0]
            return mark.line + 1, mark.column + 1
        return self.position(tuple(parent_path) + (last,))

    def item_lines(self, sequence: list) -> list[tuple[int, int]]:
        """Line and column of every item of a list that belongs to this document."""
        table = self.marks.get(id(sequence), ())
        return [(mark.line + 1, mark.column + 1) for mark in table]


class Positions(Mapping[Hashable, tuple[int, int]]):
    """Where the parts of a record were written, by name (a key's text, or
    a seat): a document path that is turned into a line and column only when
    a finding asks for it (most transcripts never need one)."""

    __slots__ = ("_document", "_paths", "_found", "_of")

    def __init__(self, document: Document) -> None:
        self._document = document
        self._paths: dict[Hashable, tuple[Path, bool]] = {}
        self._found: dict[Hashable, tuple[int, int]] | None = None  # made on the first look-up
        # What `of` was given, its table of paths made only when the names are first asked
        # for: a record holds a few of these per deal, and a legal transcript reads few.
        self._of: tuple[tuple[str | int, ...], Path, bool, Hashable | None] | None = None

    @classmethod
    def of(cls, document: Document, mapping: dict, path: Path, *, key: bool = False,
           itself: Hashable | None = None) -> Positions:
        """Each key of the mapping at `path` names where its value (its key, when `key`)
        was written; `itself`, if given, names where the mapping starts (a key of
        the same name takes that name over)."""
        at = cls(document)
        at._of = (tuple(mapping), path, key, itself)  # the keys as they are now
        return at

    def _table(self) -> dict[Hashable, tuple[Path, bool]]:
        """The paths by name (`of`'s made now, if not yet)."""
        of = self._of
        if of is not None:
            self._of = None
            names, path, key, itself = of
            paths: dict[Hashable, tuple[Path, bool]] = {}
            if itself is not None:
                paths[itself] = (path, False)
            paths.update({name: (path + (name,), key) for name in names})
            paths.update(self._paths)  # (none: `add` makes the table first)
            self._paths = paths
        return self._paths

    def _path(self, name: Hashable) -> tuple[Path, bool]:
        """The path of one name, without making `of`'s table (a legal deal asks for one or two)."""
        of = self._of
        if of is None:
            return self._paths[name]
        names, path, key, itself = of
        if name in names:  # (hashable: `found` has looked it up)
            return path + (cast("str | int", name),), key  # (a key of the mapping: the same type)
        if itself is not None and name == itself:
            return path, False
        raise KeyError(name)

    def add(self, name: Hashable, path: Path, *, key: bool = False) -> None:
        """`name` is written at `path` (at the key naming it when `key`)."""
        self._table()[name] = (path, key)

    def __getitem__(self, name: Hashable) -> tuple[int, int]:
        found = self._found
        if found is None:
            found = self._found = {}
        at = found.get(name)
        if at is None:
            path, key = self._path(name)
            document = self._document
            at = found[name] = (document.key_position if key else document.position)(path)
        return at

    def __contains__(self, name: object) -> bool:
        return name in self._table()  # without looking the position up

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __repr__(self) -> str:
        return f"Positions({dict(self)!r})"


def _problem(message: str, mark: Any) -> InputError:
    return InputError(Problem(message, mark.line + 1, mark.column + 1))


def _same(mark: Any) -> Any:
    return mark


def _refused(event: Any, mark: Any) -> InputError:
    """An anchor or a tag (the event has one or the other)."""
    if event.anchor is not None:
        return _problem("anchors (&name) are not allowed in a transcript", mark)
    return _problem(f"tags ({shown(event.tag)}) are not allowed in a transcript", mark)


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of `offset`, lines ending at LF only (as editors and `grep -n` count)."""
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


# Characters YAML 1.1 (libyaml) ends a line at, but editors, `grep -n` and YAML 1.2 do not
# (a CR followed by LF is one line end, counted at the LF).
_ODD_BREAK = re.compile("\r(?!\n)|[\x85\u2028\u2029]")
_SEPARATORS = "\u2028\u2029"
_ODD_MESSAGES = {
    "\r": "a carriage return (CR) without a line feed, an old Mac line ending: editors and YAML"
           " disagree on where its lines are; save the file with LF or CR LF line endings",
    "\x85": "character \\x85 (NEL): YAML reads it as a line break, editors do not; remove it,"
             " or write \\N inside double quotes",
    "\u2028": "character \\u2028 (line separator) outside quoted text: YAML reads it as a line break,"
               " editors do not; remove it, or quote the text it is in",
    "\u2029": "character \\u2029 (paragraph separator) outside quoted text: YAML reads it as a line"
               " break, editors do not; remove it, or quote the text it is in",
}


def _has_odd_breaks(text: str) -> bool:
    """Whether the text holds a line end other than LF and CR LF (a few scans at C speed)."""
    return (("\r" in text and text.count("\r") != text.count("\r\n"))
            or "\x85" in text or "\u2028" in text or "\u2029" in text)


def _quoted_spans(text: str) -> tuple[list[tuple[int, int]], int]:
    """(start, end) offsets of the quoted scalars, in order, and how far the parse got."""
    parser: Any = _Parser(text) if LIBYAML else yaml.SafeLoader(text)  # events told apart by class, not narrowed
    spans: list[tuple[int, int]] = []
    # Typed Any: events from a parser always carry marks (the stubs say Mark | None).
    scalar: Any = ev.ScalarEvent
    stream_end = ev.StreamEndEvent
    try:
        while True:
            event = parser.get_event()
            if event.__class__ is scalar and event.style in ("'", '"'):
                spans.append((event.start_mark.index, event.end_mark.index))
            elif event.__class__ is stream_end:
                return spans, len(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        return spans, mark.index if mark is not None else 0


def _kept_separators(text: str) -> list[int]:
    """Offsets of the line and paragraph separators inside quoted text, which are
    kept as written; raises InputError at the first other line end YAML would see
    where editors do not (a lone CR, NEL, a separator outside quotes)."""
    kept: list[int] = []
    spans: list[tuple[int, int]] | None = None
    parsed = 0
    for found in _ODD_BREAK.finditer(text):
        offset, char = found.start(), found.group()
        if char in _SEPARATORS:
            if spans is None:
                spans, parsed = _quoted_spans(text)
            if offset >= parsed:
                break  # past a syntax error, which the build reports
            at = bisect_left(spans, (offset + 1,)) - 1
            if at >= 0 and spans[at][0] < offset < spans[at][1]:
                kept.append(offset)
                continue
        line, column = _line_col(text, offset)
        raise InputError(Problem(_ODD_MESSAGES[char], line, column))
    return kept


class _Mark:
    """A position re-counted as editors count lines."""

    __slots__ = ("line", "column", "index")

    def __init__(self, line: int, column: int, index: int) -> None:
        self.line, self.column, self.index = line, column, index


class _EditorLines:
    """Turns parser marks, counted with the separators kept in quoted text as line
    ends, into marks counted as editors count (LF only)."""

    def __init__(self, text: str, kept: list[int]) -> None:
        self.kept = kept
        self.starts = [text.rfind("\n", 0, offset) + 1 for offset in kept]  # its editor line's start
        ends = [text.find("\n", offset) for offset in kept]
        self.ends = [len(text) if end < 0 else end for end in ends]  # and end

    def __call__(self, mark: Any) -> Any:
        index = mark.index
        before = bisect_left(self.kept, index)
        if not before:
            return mark
        last = before - 1
        column = index - self.starts[last] if index <= self.ends[last] else mark.column
        return _Mark(mark.line - before, column, index)

    def document(self, document: Document) -> Document:
        """The document with every mark re-counted."""
        move = self
        document.root_mark = move(document.root_mark)
        for table in document.marks.values():
            if isinstance(table, dict):
                for key, (key_mark, value_mark) in table.items():
                    table[key] = (move(key_mark), move(value_mark))
            else:
                table[:] = [move(mark) for mark in table]
        return document


def load_document(
    text: str,
    *,
    name: str = "<string>",
    max_depth: int = DEFAULT_MAX_DEPTH,
    max_scalar: int = DEFAULT_MAX_SCALAR,
) -> Document:
    """Parse one YAML document into a `Document`, or raise `InputError`.

    Lines are counted as editors and `grep -n` count them: a line ends at LF
    (CR LF is one end). A line end YAML 1.1 sees where editors do not (a lone
    CR, NEL, U+2028, U+2029) is refused at its line and column, except the two
    separators inside quoted text, which stay in the value as written."""
    relocate: Callable[[Any], Any] = _same
    try:
        if _has_odd_breaks(text):
            relocate = _EditorLines(text, _kept_separators(text))
        document = _build(text, name=name, max_depth=max_depth, max_scalar=max_scalar, relocate=relocate)
    except InputError as exc:
        raise exc.with_file(name) from None
    except yaml.YAMLError as exc:
        from .yamlerrors import syntax_error  # only when the parse has failed

        raise syntax_error(exc, text, relocate).with_file(name) from None
    except UnicodeEncodeError as exc:  # libyaml takes UTF-8: a lone surrogate (U+D800 to U+DFFF) is not text
        line, column = _line_col(text, exc.start)
        raise InputError(Problem(f"character {shown(text[exc.start])} (a lone surrogate) is not text",
                                 line, column), file=name) from None
    if relocate is not _same:
        document = relocate.document(document)  # type: ignore[attr-defined]
    if document.data is _EMPTY or document.data is None:
        raise InputError(Problem("transcript is empty", 1, 1), file=name)
    document.text = text
    return document


class _Empty:
    pass


_EMPTY = _Empty()


def _screened(text: str) -> bool:
    """Whether the text cannot hold an anchor or a tag (no `&`, no `!` anywhere,
    two scans at C speed): then no event needs asking for one."""
    return "&" not in text and "!" not in text


def _build(text: str, *, name: str, max_depth: int, max_scalar: int,
           relocate: Callable[[Any], Any] = _same, screened: bool | None = None) -> Document:
    """The document; marks in the errors raised go through `relocate`.

    `screened` (default: `_screened(text)`) skips asking each event for an
    anchor or a tag, and reads the scalars of a list (move lines) in a loop
    of their own; False is the plain path, which tests/core/test_yamldoc_runs.py
    compares with it (same data, positions and errors)."""
    if screened is None:
        screened = _screened(text)
    parser: Any = _Parser(text) if LIBYAML else yaml.SafeLoader(text)  # events told apart by class, not narrowed
    get_event = parser.get_event
    marks: dict[int, Any] = {}
    root: Any = _EMPTY
    root_mark: Any = None
    # The open collection (None at the top), its marks, whether it is a mapping, and a
    # mapping's pending key and that key's mark; the enclosing ones wait on `stack`.
    container: Any = None
    table: Any = None
    is_map = False
    key: Any = _EMPTY
    key_mark: Any = None
    stack: list[tuple[Any, Any, bool, Any, Any]] = []
    documents = 0
    scalar_event, mapping_start, sequence_start = ev.ScalarEvent, ev.MappingStartEvent, ev.SequenceStartEvent
    collection_end = (ev.MappingEndEvent, ev.SequenceEndEvent)
    special = _SPECIAL

    pending: Any = None  # an event read by the loop over a list's scalars, not yet handled
    while True:
        if pending is None:
            event = get_event()
        else:
            event, pending = pending, None
        kind = event.__class__
        if kind is scalar_event:
            mark = event.start_mark
            if not screened and (event.anchor is not None or event.tag is not None):
                raise _refused(event, relocate(mark))
            value = event.value
            if len(value) > max_scalar:
                raise _problem(f"value is {len(value):,} characters long (limit {max_scalar:,})", relocate(mark))
            if is_map:
                if key is _EMPTY:  # a key
                    if value in container:
                        first = relocate(table[value][0])
                        raise _problem(
                            f"duplicate key {shown(value)!r} (first written at line {first.line + 1})",
                            relocate(mark),
                        )
                    key, key_mark = value, mark
                    continue
                if value in special and not event.style:
                    value = special[value]
                container[key] = value
                table[key] = (key_mark, mark)
                key = _EMPTY
            elif container is not None:
                if value in special and not event.style:
                    value = special[value]
                container.append(value)
                table.append(mark)
            else:
                root, root_mark = (special.get(value, value) if not event.style else value), mark
        elif kind is mapping_start or kind is sequence_start:
            mark = event.start_mark
            if not screened and (event.anchor is not None or event.tag is not None):
                raise _refused(event, relocate(mark))
            if len(stack) >= max_depth:
                raise _problem(f"nested more than {max_depth} levels deep", relocate(mark))
            opened: Any = {} if kind is mapping_start else []
            opened_table: Any = {} if kind is mapping_start else []
            marks[id(opened)] = opened_table
            if is_map:
                if key is _EMPTY:
                    raise _problem("a key must be plain text, not a list or mapping", relocate(mark))
                container[key] = opened
                table[key] = (key_mark, mark)
                key = _EMPTY
            elif container is not None:
                container.append(opened)
                table.append(mark)
            else:
                root, root_mark = opened, mark
            stack.append((container, table, is_map, key, key_mark))
            container, table, is_map, key, key_mark = opened, opened_table, kind is mapping_start, _EMPTY, None
            if screened and not is_map:
                # The list's scalars (a deal's move lines) in a loop of their own, which asks
                # each only what a list item needs; any other event (the list's end, a long
                # value) stops it and is handled above, as the plain path would.
                append, append_mark = opened.append, opened_table.append
                while True:
                    event = get_event()
                    if event.__class__ is not scalar_event:
                        break
                    value = event.value
                    if len(value) > max_scalar:
                        break
                    if value in special and not event.style:
                        value = special[value]
                    append(value)
                    append_mark(event.start_mark)
                pending = event
        elif kind in collection_end:
            container, table, is_map, key, key_mark = stack.pop()
        elif kind is ev.AliasEvent:
            raise _problem("aliases (*name) are not allowed in a transcript", relocate(event.start_mark))
        elif kind is ev.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _problem(
                    "a second YAML document ('---'): a file holds one transcript", relocate(event.start_mark)
                )
        elif kind is ev.StreamEndEvent:
            break
    return Document(name=name, data=root, root_mark=root_mark, marks=marks)
