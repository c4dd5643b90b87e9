"""What every game's move parser shares: the error for a bad move line, and
reading a card token or a player name inside one."""

from __future__ import annotations

from typing import Callable, Generic, Iterable, Mapping, TypeVar

from .cards import Card, parse_card
from .errors import shown

__all__ = ["MoveSyntaxError", "move_card", "move_seat", "not_a_move", "MoveReader"]

M = TypeVar("M")


class MoveSyntaxError(ValueError):
    """A move line that names an unknown player or card, or has a bad shape;
    `token` is the word at fault when one is (its column is reported)."""

    def __init__(self, message: str, *, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


def move_card(token: str, *, jokers: bool = False) -> Card:
    """The card a token names; `jokers` says whether the game has jokers
    (a nearby JK is suggested only then). Raises MoveSyntaxError."""
    found = parse_card(token)
    if found is None:
        from .suggest import not_a_card

        raise MoveSyntaxError(not_a_card(token, jokers=jokers), token=token)
    return found


def move_seat(token: str, seats: Mapping[str, int]) -> int:
    """The seat of a player name; raises MoveSyntaxError."""
    seat = seats.get(token)
    if seat is None:
        from .suggest import not_a_player

        raise MoveSyntaxError(not_a_player(token, seats), token=token)
    return seat


def not_a_move(text: str, *, game: str, forms: str, words: Iterable[str], seats: Mapping[str, int]) -> MoveSyntaxError:
    """The error for a line of no known shape: the line with its misspelt move
    word corrected when one is near (`W plya AS`: did you mean 'W play AS'?),
    else the forms of `game`'s moves."""
    from .suggest import corrected_move

    corrected = corrected_move(text, words, seats)
    if corrected is not None:
        return MoveSyntaxError(f"'{shown(text)}' is not a {game} move; did you mean '{shown(corrected)}'?")
    return MoveSyntaxError(f"'{shown(text)}' is not a {game} move ({forms})")


_KNOWN: dict[tuple[Callable[..., object], tuple[tuple[str, int], ...]], dict[str, object]] = {}  # by parser and seating
_TABLES, _LINES = 1024, 4096  # at most so many (parser, seating) pairs, and lines of each, are kept


class MoveReader(Generic[M]):
    """A game's move parser (`parse(text, seats=...)`) reusing one object per
    distinct line of a seating: moves hold no position, and a table writes a
    few hundred (a rummy a few thousand) distinct lines however many deals
    it records. Memory is bounded by _TABLES x _LINES; a line that is not a
    move raises the parser's MoveSyntaxError and is not kept."""

    __slots__ = ("seats", "parse", "known")

    def __init__(self, seats: Mapping[str, int], *, parse: Callable[..., M]) -> None:
        self.seats, self.parse = seats, parse
        key = (parse, tuple(seats.items()))  # names and their seats
        known = _KNOWN.get(key)
        if known is None:
            known = {}
            if len(_KNOWN) < _TABLES:
                _KNOWN[key] = known
        self.known: dict[str, M] = known  # type: ignore[assignment]  # one parser's moves under its key

    def __call__(self, text: str) -> M:
        move = self.known.get(text)
        if move is None:
            move = self.parse(text, seats=self.seats)
            if len(self.known) < _LINES:
                self.known[text] = move
        return move

    def all(self, lines: list[str]) -> list[M]:
        """Each line as `self(line)` makes it; from the cache in one map when
        every line was seen before (the usual case in an archive)."""
        try:
            return list(map(self.known.__getitem__, lines))
        except KeyError:
            return list(map(self, lines))
