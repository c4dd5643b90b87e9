"""YAML syntax errors in plain words, at the column of the real mistake.

libyaml (and PyYAML's own parser) name what the parser expected, often at
the next token: an indentation slip becomes "mapping values are not allowed
in this context" at a colon, an unclosed quote an error at the end of the
file. `syntax_error` reads the error, the text around its marks and the
tokens before it, and names the common mistakes (a line indented more or less
than its siblings, a missing `- `, a tab, an unclosed quote or bracket, a
`: ` inside an unquoted value, ...) at the character to fix, with a hint and
the line as written. What it does not recognise keeps the parser's words.

Runs only when a document has failed to parse (`yamldoc.load_document`), so
it may rescan the text: a valid file never pays for it.
"""

from __future__ import annotations

import enum
import re
from bisect import bisect_right
from typing import Any, Callable

import yaml

from .errors import InputError, Problem, shown
from .frozen import frozen

__all__ = ["Kind", "SyntaxProblem", "syntax_error", "EXCERPT_WIDTH"]

EXCERPT_WIDTH = 120  # the most characters of a line an excerpt holds
_IMPLICIT_KEY_LIMIT = 1024  # libyaml's longest simple key
_WORD = 40  # the most characters of user text quoted in a hint


class Kind(enum.Enum):
    """The mistakes named; the value is the problem's `kind` in reports."""

    INDENTED_MORE = "indented-more"
    INDENT_MISMATCH = "indent-mismatch"
    INDENTED_LESS = "indented-less"
    MISSING_DASH = "missing-dash"
    MISSING_COLON = "missing-colon"
    TAB = "tab"
    UNCLOSED_QUOTE = "unclosed-quote"
    UNCLOSED_BRACKET = "unclosed-bracket"
    WRONG_CLOSER = "wrong-closing-bracket"
    FLOW_SEPARATOR = "missing-comma"
    UNMATCHED_CLOSER = "unmatched-closing-bracket"
    COLON_IN_VALUE = "colon-in-value"
    NO_SPACE_AFTER_COLON = "no-space-after-colon"
    TEXT_AFTER_VALUE = "text-after-value"
    ITEM_AFTER_KEY = "item-on-key-line"
    ITEM_AMONG_KEYS = "item-among-keys"
    KEY_AMONG_ITEMS = "key-among-items"
    EMPTY_KEY = "empty-key"
    BAD_ESCAPE = "bad-escape"
    RESERVED = "reserved-character"
    LONG_KEY = "long-key"


@frozen(slots=True)
class SyntaxProblem(Problem):
    """A YAML syntax error: the problem, the kind of mistake (a `Kind` value),
    what to write instead, and its line as written (or a window of at most
    `EXCERPT_WIDTH` characters of it, whose first character is at `excerpt_column`)."""

    kind: str | None = None
    hint: str | None = None
    excerpt: str | None = None
    excerpt_column: int | None = None


@frozen(slots=True)
class _Named:
    """A recognised mistake: what, where (an offset into the text), what to do."""

    kind: Kind
    offset: int
    message: str
    hint: str


def _same(mark: Any) -> Any:
    return mark


_CLOSERS = {"[": "]", "{": "}"}
_OPENERS = {"]": "[", "}": "{"}
_WHAT = {"[": "list", "{": "mapping"}
_DASH = re.compile(r"-(?=[ \t]|$)")
_KEY_COLON = re.compile(r":(?=[ \t]|$)")


class _Text:
    """The text as editors count it: lines end at LF; offsets are characters."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [found.end() for found in re.finditer("\n", text)]

    def line_of(self, offset: int) -> int:
        """0-based line holding `offset`."""
        return bisect_right(self.starts, offset) - 1

    def line(self, number: int) -> str:
        start = self.starts[number]
        end = self.starts[number + 1] - 1 if number + 1 < len(self.starts) else len(self.text)
        return self.text[start:end].removesuffix("\r")

    def place(self, offset: int) -> tuple[int, int]:
        """1-based line and column."""
        number = self.line_of(offset)
        return number + 1, offset - self.starts[number] + 1

    def first(self, number: int) -> int:
        """Offset of the line's first character other than a space."""
        line = self.line(number)
        return self.starts[number] + len(line) - len(line.lstrip(" "))

    def column(self, offset: int) -> int:
        """0-based column."""
        return offset - self.starts[self.line_of(offset)]

    def is_content(self, number: int) -> bool:
        stripped = self.line(number).strip()
        return bool(stripped) and not stripped.startswith("#")

    def content_above(self, number: int) -> int | None:
        """The nearest line above that holds something other than blanks and comments."""
        for above in range(number - 1, -1, -1):
            if self.is_content(above):
                return above
        return None

    def starts_of(self, number: int) -> list[tuple[int, bool]]:
        """Where blocks start on a line (0-based column, whether a `- ` item
        starts there): its indentation, then the text after each leading `- `."""
        line = self.line(number)
        at = len(line) - len(line.lstrip(" "))
        found = []
        while _DASH.match(line, at):
            found.append((at, True))
            at += 1
            while at < len(line) and line[at] in " \t":
                at += 1
        found.append((at, False))
        return found

    def levels(self, number: int) -> list[tuple[int, bool, int]]:
        """The blocks open at the start of line `number`, innermost first:
        (0-based column, whether an item, the 0-based line that opened it)."""
        levels: list[tuple[int, bool, int]] = []
        bound = None
        for above in range(number - 1, -1, -1):
            if not self.is_content(above) or self.line(above)[:1] == "\t":
                continue
            for column, item in reversed(self.starts_of(above)):
                if bound is None or column < bound:
                    levels.append((column, item, above))
                    bound = column
            if bound == 0:
                break
        return levels


def _word(text: str) -> str:
    return shown(text.strip(), _WORD)


def _key_of(line: str) -> str | None:
    """The key a `key: value` line (after any `- `) starts with, if any."""
    body = line.lstrip(" ")
    while _DASH.match(body):
        body = body[1:].lstrip(" \t")
    found = _KEY_COLON.search(body)
    if found is None or body[:1] in "\"'[{#":
        return None
    return body[:found.start()]


def _as_line(column: int, number: int, text: _Text) -> str:
    line = text.line(number)
    key = _key_of(line) if column == text.starts_of(number)[-1][0] else None
    under = f", under '{_word(key)}'" if key else ""
    return f"in column {column + 1}{under} (line {number + 1})"


def _indent_mismatch(text: _Text, number: int, offset: int) -> _Named | None:
    """A line whose indentation lines up with no open block: nearest levels above and below."""
    column = text.column(offset)
    is_item = _DASH.match(text.text, offset) is not None
    levels = text.levels(number)
    if not levels or any(lv[0] == column for lv in levels):
        return None
    levels = [lv for lv in levels if lv[1] == is_item or not lv[1]]
    deeper = [lv for lv in levels if lv[0] > column]
    shallower = [lv for lv in levels if lv[0] < column]
    choices = []
    if deeper:
        choices.append(_as_line(deeper[-1][0], deeper[-1][2], text))
    if shallower:
        choices.append(_as_line(shallower[0][0], shallower[0][2], text))
    what = "list item" if is_item else "line"
    siblings = "items of one list" if is_item else "keys of one mapping"
    message = (f"this {what} is indented to column {column + 1}, which lines up with no line above it;"
               f" {siblings} start in the same column")
    hint = "start it " + " or ".join(choices) if choices else "indent it as the lines it belongs with"
    return _Named(Kind.INDENT_MISMATCH, offset, message, hint)


def _tokens_before(source: str, offset: int) -> list[Any]:
    """The tokens that end at or before `offset` (the last few), scanned again."""
    parser = _scanner(source)
    kept: list[Any] = []
    try:
        while True:
            token = parser.get_token()
            if token is None or token.start_mark.index >= offset or isinstance(token, yaml.StreamEndToken):
                break
            kept.append(token)
            if len(kept) > 8:
                del kept[0]
    except yaml.YAMLError:
        pass
    return kept


def _scanner(source: str) -> Any:
    scanner: Any  # libyaml's parser class, or PyYAML's
    try:
        from yaml._yaml import CParser as scanner
    except ImportError:  # pragma: no cover
        scanner = yaml.SafeLoader
    return scanner(source)


def _open_bracket(source: str, offset: int) -> int | None:
    """Offset of the innermost '[' or '{' still open at `offset`, if any."""
    parser = _scanner(source)
    opened: list[int] = []
    try:
        while True:
            token = parser.get_token()
            if token is None or token.start_mark.index >= offset or isinstance(token, yaml.StreamEndToken):
                break
            if isinstance(token, (yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken)):
                opened.append(token.start_mark.index)
            elif isinstance(token, (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)) and opened:
                opened.pop()
    except yaml.YAMLError:
        pass
    return opened[-1] if opened else None


def _node_content(text: _Text, mark: Any) -> _Named | None:
    """`did not find expected node content`: in a [...] or {...} left open at the end of the file."""
    offset = mark.index
    if offset < len(text.text.rstrip()):
        return None
    opened = _open_bracket(text.text, offset)
    if opened is None:
        return None
    opener = text.text[opened]
    closer, what = _CLOSERS[opener], _WHAT[opener]
    return _Named(Kind.UNCLOSED_BRACKET, opened, f"this '{opener}' is never closed",
                  f"end the {what} with '{closer}' on the same line, e.g. {opener}A, B{closer}")


def _after_value(text: _Text, offset: int) -> _Named | None:
    """Text right after a quoted value or a closing bracket on its line; or a quote that
    ran past its line (it was not closed there, and a later quote closed it)."""
    tokens = [t for t in _tokens_before(text.text, offset)
              if not isinstance(t, (yaml.BlockEndToken, yaml.KeyToken, yaml.ValueToken))]
    if not tokens:
        return None
    last = tokens[-1]
    start, end = last.start_mark.index, last.end_mark.index
    if isinstance(last, yaml.ScalarToken) and last.style in ("'", '"'):
        quote = last.style
        if text.line_of(start) != text.line_of(end - 1):
            return _unclosed_quote(text, start, closed_at=text.line_of(end - 1))
        if text.line_of(end) == text.line_of(offset):
            return _Named(Kind.TEXT_AFTER_VALUE, offset,
                          f"text after the closing quote ({quote}): a quoted value ends at its closing quote",
                          "put the whole value inside the quotes, or leave the quotes out")
    if isinstance(last, (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)) and \
            text.line_of(end) == text.line_of(offset):
        closer = text.text[start]
        return _Named(Kind.TEXT_AFTER_VALUE, offset,
                      f"text after the closing '{closer}': the {_WHAT[_OPENERS[closer]]} ends there",
                      f"move the text inside the '{_OPENERS[closer]}...{closer}', or onto a line of its own")
    return None


def _unclosed_quote(text: _Text, offset: int, *, closed_at: int | None = None) -> _Named:
    quote = text.text[offset]
    inside = "\\\"" if quote == '"' else "''"
    if closed_at is None:
        message = f"this quote ({quote}) is never closed"
    else:
        message = (f"this quote ({quote}) is not closed on its line: YAML reads on to the next {quote},"
                   f" on line {closed_at + 1}")
    return _Named(Kind.UNCLOSED_QUOTE, offset, message,
                  f"end the value with a {quote} on the same line; a {quote} inside it is written {inside}")


def _long_key(text: _Text, number: int) -> _Named:
    return _Named(Kind.LONG_KEY, text.first(number), f"a key longer than {_IMPLICIT_KEY_LIMIT} characters",
                  "put the key in quotes, or write it after '? '")


def _mapping_values(text: _Text, mark: Any) -> _Named | None:
    """`mapping values are not allowed here`: a `: ` after the value has begun."""
    offset = mark.index
    number = text.line_of(offset)
    line = text.line(number)
    before = text.text[text.starts[number]:offset]
    if text.column(offset) >= _IMPLICIT_KEY_LIMIT:
        return _long_key(text, number)
    key = _key_of(line)
    if key is not None and len(before.lstrip(" -")) > len(key) + 1 and before.strip()[:1] not in "\"'":
        value = line[len(before) - len(before.lstrip(" -")) + len(key) + 1:].strip()
        return _Named(Kind.COLON_IN_VALUE, offset,
                      "': ' inside an unquoted value: YAML reads it as the start of another key",
                      f"put the value in quotes: {_word(key)}: \"{_word(value)}\"")
    above = text.content_above(number)
    if above is None:
        return None
    started = _plain_start(text, offset)
    if started is not None and started < above:
        return _indented_less(text, started)
    first = text.first(number)
    if text.column(first) > text.starts_of(above)[-1][0]:
        return _Named(Kind.INDENTED_MORE, first,
                      "this line is indented more than the line above it; keys of one mapping start in the"
                      " same column",
                      f"start it {_as_line(text.starts_of(above)[-1][0], above, text)}")
    return (_indent_mismatch(text, number, first) or _glued(text, above)
            or _no_key(text, above, column=text.column(first)))


def _plain_start(text: _Text, offset: int) -> int | None:
    """The line where the unquoted value that ends just before `offset` starts."""
    scalars = [t for t in _tokens_before(text.text, offset) if isinstance(t, yaml.ScalarToken)]
    if not scalars or scalars[-1].style not in (None, ""):
        return None
    return text.line_of(scalars[-1].start_mark.index)


def _indented_less(text: _Text, number: int) -> _Named:
    """A line whose next lines, indented more, were read as the rest of its value."""
    following = next(n for n in range(number + 1, len(text.starts)) if text.is_content(n))
    starts = text.starts_of(number)
    hint = "indent the lines after it as this one"
    above = text.content_above(number)
    if above is not None:
        wanted = [column for column, item in text.starts_of(above) if item == starts[0][1]]
        if wanted and wanted[-1] > starts[0][0]:
            hint = f"start it {_as_line(wanted[-1], above, text)}, or {hint}"
    return _Named(Kind.INDENTED_LESS, text.first(number),
                  f"this line is indented less than the lines after it, so YAML reads line {following + 1} and on"
                  " as the rest of its value", hint)


def _no_key(text: _Text, number: int, *, column: int | None = None) -> _Named | None:
    """A line of plain text (no key, no bracket or quote; after a `- ` only if its
    text starts at `column`) that YAML read as a value going on from the line
    above, or as the whole document."""
    line = text.line(number)
    at, item = text.starts_of(number)[-1][0], len(text.starts_of(number)) > 1
    if (item and at != column) or _KEY_COLON.search(line) or line[at:at + 1] in "[{\"'|>":
        return None
    return _missing_colon(text.starts[number] + at)


def _missing_colon(offset: int) -> _Named:
    return _Named(Kind.MISSING_COLON, offset, "this line is neither a key ('name: value') nor a list item ('- value')",
                  "write a key as 'name: value'; if the line goes on the value above it, join the two lines;"
                  " a comment starts with '#'")


def _document_start(text: _Text, mark: Any) -> _Named | None:
    """`did not find expected <document start>`: the document ended before this line,
    because its first line is plain text, or is indented more than this one."""
    number = text.line_of(mark.index)
    root = next((n for n in range(number) if text.is_content(n) and text.line(n)[:1] != "%"), None)
    if root is None:
        return None
    first = text.first(root)
    if text.column(first) > text.column(mark.index):
        return _Named(Kind.INDENTED_MORE, first,
                      "this line is indented more than the lines below it; keys of one mapping start in the"
                      " same column", f"start it in column {text.column(mark.index) + 1}, as line {number + 1} does")
    return _no_key(text, root)


def _glued(text: _Text, number: int) -> _Named | None:
    """A line `key:value` (no space after the colon, and no other key on the line)."""
    line = text.line(number)
    glued = re.search(r"[^\s:\"'{\[]:[^\s:]", line)
    if glued is None or _KEY_COLON.search(line) is not None:
        return None
    written = line.strip()
    key, _, value = written.partition(":")
    return _Named(Kind.NO_SPACE_AFTER_COLON, text.starts[number] + glued.start() + 1,
                  f"no space after this ':', so '{_word(written)}' is one word, not a key and its value",
                  f"write a space after the ':' ({_word(key)}: {_word(value)})")


def _block_mapping(text: _Text, mark: Any) -> _Named | None:
    """`did not find expected key`: the token at `mark` cannot go on the mapping."""
    offset = mark.index
    char = text.text[offset:offset + 1]
    if char in _OPENERS:
        return _Named(Kind.UNMATCHED_CLOSER, offset, f"this '{char}' closes nothing: no '{_OPENERS[char]}' is open",
                      f"remove it, or add the '{_OPENERS[char]}' it closes")
    found = _after_value(text, offset)
    if found is not None:
        return found
    number = text.line_of(offset)
    if offset != text.first(number):
        return None
    mismatch = _indent_mismatch(text, number, offset)
    if mismatch is not None:
        return mismatch
    if _DASH.match(text.text, offset):
        return _Named(Kind.ITEM_AMONG_KEYS, offset,
                      "a list item ('- ') where a key was expected: the lines above it in this column are keys",
                      "a list goes under its own key: write 'name:' on the line above the items, and indent"
                      " the items under it")
    if char == ":":
        return _Named(Kind.EMPTY_KEY, offset, "a ':' with no key before it", "write the key before the ':'")
    return None


def _block_sequence(text: _Text, mark: Any) -> _Named | None:
    """`did not find expected '-' indicator`: a line in a list that is not an item."""
    offset = mark.index
    found = _after_value(text, offset)
    if found is not None:
        return found
    number = text.line_of(offset)
    if offset != text.first(number):
        return None
    mismatch = _indent_mismatch(text, number, offset)
    if mismatch is not None:
        return mismatch
    return _Named(Kind.KEY_AMONG_ITEMS, offset,
                  "a key where a list item was expected: the lines above it in this column are list items ('- ')",
                  "start it with '- ' if it is an item of the list, or indent it under the item it belongs to")


def _simple_key(text: _Text, mark: Any, context_mark: Any) -> _Named | None:
    """`could not find expected ':'`: a line that is neither a key nor an item, or a key too long."""
    offset = context_mark.index
    number = text.line_of(offset)
    if text.line_of(mark.index) == number and text.column(mark.index) >= _IMPLICIT_KEY_LIMIT:
        return _long_key(text, number)
    column = text.column(offset)
    written = text.line(number).strip()
    glued = _glued(text, number)
    if glued is not None:
        return glued
    for level, item, _ in text.levels(number):
        if level == column:
            if item:
                return _Named(Kind.MISSING_DASH, offset,
                              "this line is not a list item like the lines above it: a list item starts with '- '",
                              f"write '- {_word(written)}' if it is an item of the list above")
            break
    return _missing_colon(offset)


def _flow(text: _Text, mark: Any, context_mark: Any) -> _Named | None:
    """`did not find expected ',' or ']'` (or '}') inside a [...] or {...}."""
    opened, offset = context_mark.index, mark.index
    opener = text.text[opened:opened + 1]
    if opener not in _CLOSERS:
        return None
    closer, what = _CLOSERS[opener], _WHAT[opener]
    char = text.text[offset:offset + 1]
    line, column = text.place(opened)
    if char in _OPENERS and char != closer:
        return _Named(Kind.WRONG_CLOSER, offset,
                      f"'{char}' cannot close the '{opener}' opened at line {line}, column {column}",
                      f"close the {what} with '{closer}'")
    found = _after_value(text, offset)
    if found is not None and found.kind is Kind.UNCLOSED_QUOTE:
        return found
    if offset >= len(text.text.rstrip()) or text.line_of(offset) > text.line_of(opened):
        return _Named(Kind.UNCLOSED_BRACKET, opened, f"this '{opener}' is never closed",
                      f"end the {what} with '{closer}' on the same line, e.g. {opener}A, B{closer}")
    return _Named(Kind.FLOW_SEPARATOR, offset,
                  f"expected ',' or '{closer}' here, inside the {what} opened at column {column}",
                  "separate the items with commas; quote an item that holds ': ' or a quote")


def _named(text: _Text, exc: Any) -> _Named | None:
    problem = getattr(exc, "problem", None) or ""
    context = getattr(exc, "context", None) or ""
    mark = getattr(exc, "problem_mark", None)
    context_mark = getattr(exc, "context_mark", None)
    if mark is None:
        return None
    char = text.text[mark.index:mark.index + 1]
    if "tab" in problem or (char == "\t" and "cannot start any token" in problem):
        return _Named(Kind.TAB, mark.index, "a tab character used for indentation; YAML indents with spaces only",
                      "replace the tab with spaces")
    if "quoted scalar" in context and context_mark is not None:
        if "escape" in problem:
            escape = text.text[mark.index:mark.index + 2] if char == "\\" else "\\" + char
            return _Named(Kind.BAD_ESCAPE, mark.index if char == "\\" else mark.index - 1,
                          f"unknown escape '{shown(escape)}' in double-quoted text",
                          "write '\\\\' for a backslash, or put the value in single quotes")
        return _unclosed_quote(text, context_mark.index)
    if "cannot start any token" in problem and char in "@`":
        return _Named(Kind.RESERVED, mark.index, f"'{char}' cannot start an unquoted value", "put the value in quotes")
    if ("anchor" in context or "alias" in context) and context_mark is not None:
        sign = text.text[context_mark.index:context_mark.index + 1]
        return _Named(Kind.RESERVED, context_mark.index,
                      f"'{sign}' cannot start an unquoted value (it names an anchor or alias)",
                      "put the value in quotes")
    if "mapping values are not allowed" in problem:
        return _mapping_values(text, mark)
    if "sequence entries are not allowed" in problem:
        return _Named(Kind.ITEM_AFTER_KEY, mark.index, "a list item ('- ') cannot start on the line of its key",
                      "put each item on a line of its own under the key, indented and starting with '- ',"
                      " or write the list in brackets: name: [A, B]")
    if "could not find expected ':'" in problem and context_mark is not None:
        return _simple_key(text, mark, context_mark)
    if ("',' or" in problem or "for ','" in problem) and context_mark is not None:
        return _flow(text, mark, context_mark)
    if "expected node content" in problem or "expected the node content" in problem:
        return _node_content(text, mark)
    if "<document start>" in problem:
        return _document_start(text, mark)
    if "block mapping" in context and ("expected key" in problem or "expected <block end>" in problem):
        return _block_mapping(text, mark)
    if "block collection" in context and ("'-' indicator" in problem or "expected <block end>" in problem):
        return _block_sequence(text, mark)
    return None


def _excerpt(text: _Text, line: int, column: int) -> tuple[str | None, int]:
    """The line as written, or a window of it around `column`; and the window's first column."""
    written = text.line(line - 1) if line - 1 < len(text.starts) else ""
    if not written.strip():
        return None, 1
    if len(written) <= EXCERPT_WIDTH:
        return written, 1
    start = max(0, min(column - 1 - EXCERPT_WIDTH // 2, len(written) - EXCERPT_WIDTH))
    return written[start:start + EXCERPT_WIDTH], start + 1


def _parser_words(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None) or str(exc).split("\n")[0]
    context = getattr(exc, "context", None)
    return f"YAML syntax: {problem}" + (f" ({context})" if context else "")


def syntax_error(exc: yaml.YAMLError, source: str, relocate: Callable[[Any], Any] = _same) -> InputError:
    """The InputError for a YAML error raised while parsing `source`. Marks the
    translation does not use go through `relocate` (yamldoc's editor lines)."""
    text = _Text(source)
    try:
        named = _named(text, exc)
    except (IndexError, ValueError):  # pragma: no cover - a mark outside the text
        named = None
    if named is not None:
        line, column = text.place(named.offset)
        excerpt, first = _excerpt(text, line, column)
        return InputError(SyntaxProblem(named.message, line, column, kind=named.kind.value, hint=named.hint,
                                  excerpt=excerpt, excerpt_column=first if excerpt is not None else None))
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if mark is not None:
        mark = relocate(mark)
        line, column = mark.line + 1, mark.column + 1
        excerpt, first = _excerpt(text, line, column)
        return InputError(SyntaxProblem(_parser_words(exc), line, column, excerpt=excerpt,
                                  excerpt_column=first if excerpt is not None else None))
    position = getattr(exc, "position", None)
    if isinstance(position, int):  # ReaderError: a character YAML forbids
        char = getattr(exc, "character", None)
        line, column = text.place(position)
        if isinstance(char, int):
            char = chr(char)
        what = f"character {shown(char)}" if isinstance(char, str) else "character"
        excerpt, first = _excerpt(text, line, column)
        return InputError(SyntaxProblem(f"YAML syntax: {what} not allowed in YAML text", line, column,
                                  hint="remove it, or write it as an escape inside double quotes",
                                  excerpt=excerpt, excerpt_column=first if excerpt is not None else None))
    return InputError(Problem(_parser_words(exc)))  # no place: nothing to show
