"""Reading a transcript's parts into typed values, collecting every input
problem (with its line) instead of stopping at the first. Each game's
`record.py` builds on `RecordReader`."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable

from .cards import Card, card_of, card_spans, parse_cards, split_cards
from .errors import InputError, Problem, shown
from .money import AMOUNT_FORM, AmountError, parse_amount
from .movetext import MoveSyntaxError
from .yamldoc import Document, Positions

__all__ = ["RecordReader", "Position", "MAX_PROBLEMS", "token_position", "move_problem"]

Position = tuple[int, int]
MAX_PROBLEMS = 20
_WORD = re.compile(r"\S+")


class RecordReader:
    """Player names, cards, counts and amounts of one document, checked."""

    def __init__(self, document: Document, players: tuple[str, ...]) -> None:
        self.document = document
        self.players = players
        self.seats = {name: i for i, name in enumerate(players)}
        self.problems: list[Problem] = []

    def fail(self, path: tuple, message: str, *, key: bool = False) -> None:
        line, column = (self.document.key_position if key else self.document.position)(path)
        self.problems.append(Problem(message, line, column))

    @property
    def full(self) -> bool:
        """Enough problems to stop reading."""
        return len(self.problems) > MAX_PROBLEMS

    def raise_problems(self) -> None:
        if self.problems:
            raise InputError(self.problems[:MAX_PROBLEMS], file=self.document.name)

    def position(self, path: tuple) -> Position:
        return self.document.position(path)

    def keys_at(self, raw: dict, path: tuple) -> Positions:
        """Where each key of the mapping at `path` was written, looked up only when read."""
        return Positions.of(self.document, raw, path, key=True)

    def parse_moves(self, items: list, *, deal: int, parse: Callable[..., Any]) -> list[Any]:
        """Each move line of a deal as `parse(text, seats=, index=, line=,
        column=)` makes it; a line raising MoveSyntaxError is a problem at its line."""
        moves = []
        lines = self.document.item_lines(items)
        seats, problems = self.seats, self.problems
        for i, text in enumerate(items):
            line, column = lines[i]
            try:
                moves.append(parse(text, seats=seats, index=i + 1, line=line, column=column))
            except MoveSyntaxError as exc:
                problems.append(move_problem(self.document, (line, column), text, exc, deal=deal, index=i + 1))
                if len(problems) > MAX_PROBLEMS:
                    break
        return moves

    def seat(self, value: Any, path: tuple, *, key: bool = False) -> int | None:
        seat = self.seats.get(value)
        if seat is None:
            from .suggest import not_a_player

            self.fail(path, not_a_player(value, self.players), key=key)
        return seat

    def names(self, names: list, path: tuple) -> list[int]:
        seats = [self.seat(name, path + (i,)) for i, name in enumerate(names)]
        return [s for s in seats if s is not None]

    def cards(self, text: Any, path: tuple) -> tuple[Card, ...]:
        """The cards a written list names; a token that names none is a problem at its column."""
        if text.__class__ is str:
            try:  # every token canonical (the usual case): a lookup a card, no None to look for
                return tuple(map(card_of, text.replace(",", " ").split()))
            except KeyError:
                pass
        return self.plain_cards(text, path)

    def plain_cards(self, text: Any, path: tuple) -> tuple[Card, ...]:
        """`cards` without its shortcut (tests/core/test_reader_cards.py compares the two)."""
        tokens = split_cards(text or "")
        found = parse_cards(tokens)
        if None in found:
            from .suggest import not_a_card

            for offset, token in card_spans(text):
                if parsed_none(token):
                    line, column = token_position(self.document, path, offset)
                    self.problems.append(Problem(f"{where(path)}: {not_a_card(token)}", line, column))
            return tuple(c for c in found if c is not None)
        return tuple(found)  # type: ignore[arg-type]  # no None (checked above); a filter would cost every hand

    def count(self, text: Any, path: tuple) -> int | None:
        if isinstance(text, str) and text.isdigit() and len(text) <= 6:
            return int(text)
        self.fail(path, f"'{shown(text)}' is not a whole number")
        return None

    def integer(self, text: Any, path: tuple) -> int | None:
        """A whole number that may carry a sign (`-12`, `+3`)."""
        body = text[1:] if isinstance(text, str) and text[:1] in "+-" else text
        if isinstance(body, str) and body.isdigit() and len(body) <= 6:
            return int(text)
        self.fail(path, f"'{shown(text)}' is not a whole number")
        return None

    def amount(self, text: Any, path: tuple) -> Fraction | None:
        try:
            return parse_amount(text)
        except AmountError:
            self.fail(path, f"'{shown(text)}' is not an amount ({AMOUNT_FORM})")
            return None

    def per_player(self, mapping: dict, path: tuple, convert: Callable[[Any, tuple], Any]) -> dict[int, Any]:
        """`{player: value}` with each value converted; unknown players are problems."""
        result = {}
        for name, raw in mapping.items():
            seat = self.seat(name, path + (name,), key=True)
            value = convert(raw, path + (name,))
            if seat is not None and value is not None:
                result[seat] = value
        return result


def where(path: tuple) -> str:
    """A path as messages write it: `deals[1].hands.N`."""
    steps = [f"[{step + 1}]" if isinstance(step, int) else f".{step}" for step in path]
    return "".join(steps).lstrip(".") or "the document"


def parsed_none(token: str) -> bool:
    from .cards import parse_card

    return parse_card(token) is None


@lru_cache(maxsize=2)
def _lines(text: str) -> list[str]:
    return text.split("\n")


def token_position(document: Document, path: tuple, offset: int) -> Position:
    """Line and column of the character `offset` into the text value at `path`,
    when the value is written on one line, plain or quoted without escapes
    (the usual case); else the value's own position. Only for messages."""
    return offset_position(document, document.position(path), _value_at(document.data, path), offset)


def offset_position(document: Document, at: Position, value: Any, offset: int) -> Position:
    """As `token_position`, for the text `value` written at `at`."""
    line, column = at
    text = getattr(document, "text", "")
    if not isinstance(value, str) or not text or offset <= 0:
        return line, column
    lines = _lines(text)
    if not 1 <= line <= len(lines):
        return line, column
    rest = lines[line - 1][column - 1:]
    if rest.startswith(value):
        return line, column + offset
    if rest[:1] in ("'", '"') and rest[1:].startswith(value):
        return line, column + 1 + offset
    return line, column


def _value_at(data: Any, path: tuple) -> Any:
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def move_problem(document: Document, at: Position, text: Any, exc: MoveSyntaxError, *, deal: int,
                 index: int) -> Problem:
    """The problem of move line `index` of `deal`, written at `at`: at the
    word at fault when the error names one, else at the line's start."""
    line, column = at
    token = exc.token
    if token is not None and isinstance(text, str):
        for match in _WORD.finditer(text):
            if match.group() == token:
                line, column = offset_position(document, at, text, match.start())
                break
    return Problem(f"deal {deal}, move {index}: {exc}", line, column)


Place = tuple[str, Position, "tuple[Card, ...]"]  # (label such as "N's hand", where written, its cards)


def cards_over(places: list[Place], allowed: Callable[[Card], int]) -> list[tuple[Card, Position, str]]:
    """Each card listed in `places` more often than `allowed(card)`: the card,
    where its first copy too many is written (places in file order), and the
    text naming every place holding it ("N's hand (line 14), W's hand (line 17)")."""
    counts: dict[Card, list[tuple[str, Position]]] = {}
    for label, at, cards in sorted(places, key=lambda place: place[1]):
        for c in cards:
            counts.setdefault(c, []).append((label, at))
    found = []
    for c, holders in counts.items():
        limit = allowed(c)
        if len(holders) > limit:
            seen = list(dict.fromkeys(holders))
            named = ", ".join(f"{label} (line {at[0]}{_times(holders.count((label, at)))})" for label, at in seen)
            found.append((c, holders[limit][1], named))
    return sorted(found, key=lambda item: (item[1], item[0].index))


def _times(count: int) -> str:
    return "" if count == 1 else (", twice" if count == 2 else f", {count} times")
