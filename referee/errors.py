"""The one exception family for unusable input, and safe display of user text.

A finding (an illegal move) is never an exception; see `findings.py`.
"""

from __future__ import annotations

from typing import cast

from .frozen import frozen

__all__ = ["Problem", "InputError", "shown", "MAX_SHOWN", "internal_error"]

MAX_SHOWN = 60


@frozen(slots=True)
class Problem:
    """One reason a file is unusable, at a 1-based line and column when known.

    A YAML syntax error is a `yamlerrors.SyntaxProblem`, which also has a
    `kind` (a stable name, e.g. `indented-more`), a `hint` (what to write
    instead) and an `excerpt` (its line as written, or a window of it whose
    first character is at `excerpt_column`); here they are None. (They are
    not fields here: each field costs every run's start-up.)"""

    message: str
    line: int | None = None
    column: int | None = None

    # Plain class attributes, typed as SyntaxProblem's fields so it may override them.
    kind = hint = excerpt = cast("str | None", None)
    excerpt_column = cast("int | None", None)

    def to_data(self) -> dict:
        """Plain data for JSON (schemas/report.schema.json, `$defs/problem`)."""
        return {k: v for k, v in (("line", self.line), ("column", self.column), ("message", self.message),
                                  ("kind", self.kind), ("hint", self.hint), ("excerpt", self.excerpt),
                                  ("excerpt_column", self.excerpt_column)) if v is not None}


class InputError(Exception):
    """The input cannot be refereed: unreadable, not YAML, or not a transcript.

    Carries every problem found (at least one) and the file they belong to;
    the CLI turns it into exit status 2.
    """

    def __init__(self, problems: Problem | list[Problem], *, file: str | None = None) -> None:
        self.problems: tuple[Problem, ...] = (
            (problems,) if isinstance(problems, Problem) else tuple(problems)
        )
        assert self.problems, "an InputError needs at least one problem"
        self.file = file
        super().__init__(self.problems[0].message)

    @property
    def line(self) -> int | None:
        return self.problems[0].line

    def with_file(self, file: str) -> InputError:
        self.file = file
        return self


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def shown(value: object, limit: int = MAX_SHOWN) -> str:
    """User text made safe to print: control and format characters escaped
    (ESC, U+202E, ...), and cut to `limit` characters with a count of the rest."""
    text = value if isinstance(value, str) else repr(value)
    cut = len(text) > limit
    if cut:
        text = text[:limit]
    if not text.isprintable():  # Python counts Cc, Cf (U+202E), Cs, Co, Cn as unprintable
        text = "".join(ch if ch.isprintable() else _escape_char(ch) for ch in text)
    if cut:
        full = len(value) if isinstance(value, str) else len(repr(value))
        text += f"... ({full} characters)"
    return text


def internal_error(exc: BaseException) -> str:
    """The message for a fault of the referee itself (never shown as a traceback)."""
    return (f"internal error of the referee ({type(exc).__name__}: {exc}); this could not be judged."
            " Please report it, with the file.")
