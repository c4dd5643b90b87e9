"""Reading a transcript's parts into typed values, collecting every input
problem (with its line) instead of stopping at the first. Each game's
`record.py` builds on `RecordReader`."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from .cards import Card, parse_cards, split_cards
from .errors import InputError, Problem, shown
from .money import AmountError, parse_amount
from .movetext import MoveSyntaxError
from .yamldoc import Document, Positions

__all__ = ["RecordReader", "Position", "MAX_PROBLEMS"]

Position = tuple[int, int]
MAX_PROBLEMS = 20


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
                problems.append(Problem(f"deal {deal}, move {i + 1}: {exc}", line, column))
                if len(problems) > MAX_PROBLEMS:
                    break
        return moves

    def seat(self, value: Any, path: tuple, *, key: bool = False) -> int | None:
        seat = self.seats.get(value)
        if seat is None:
            self.fail(path, f"'{shown(value)}' is not one of the players ({', '.join(self.players)})", key=key)
        return seat

    def names(self, names: list, path: tuple) -> list[int]:
        seats = [self.seat(name, path + (i,)) for i, name in enumerate(names)]
        return [s for s in seats if s is not None]

    def cards(self, text: Any, path: tuple) -> tuple[Card, ...]:
        tokens = split_cards(text or "")
        found = parse_cards(tokens)
        if None in found:
            for token, parsed in zip(tokens, found):
                if parsed is None:
                    self.fail(path, f"'{shown(token)}' is not a card (cards look like AS, 10H, TD, 7\u2663, JK)")
            return tuple(c for c in found if c is not None)
        return tuple(found)

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
            self.fail(path, f"'{shown(text)}' is not an exact amount (like 2, -1.50 or 3/2)")
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
