"""What every game's move parser shares: the error for a bad move line, and
reading a card token or a player name inside one."""

from __future__ import annotations

from typing import Iterable, Mapping

from .cards import Card, parse_card
from .errors import shown

__all__ = ["MoveSyntaxError", "move_card", "move_seat", "not_a_move"]


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
