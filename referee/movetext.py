"""What every game's move parser shares: the error for a bad move line, and
reading a card token or a player name inside one."""

from __future__ import annotations

from typing import Mapping

from .cards import Card, parse_card
from .errors import shown

__all__ = ["MoveSyntaxError", "move_card", "move_seat"]


class MoveSyntaxError(ValueError):
    """A move line that names an unknown player or card, or has a bad shape."""


def move_card(token: str, *, jokers: bool = False) -> Card:
    """The card a token names; `jokers` says whether the game's example
    spellings mention JK. Raises MoveSyntaxError."""
    found = parse_card(token)
    if found is None:
        examples = "AS, 10H, TD, 7♣, JK" if jokers else "AS, 10H, TD, 7♣"
        raise MoveSyntaxError(f"'{shown(token)}' is not a card (cards look like {examples})")
    return found


def move_seat(token: str, seats: Mapping[str, int]) -> int:
    """The seat of a player name; raises MoveSyntaxError."""
    seat = seats.get(token)
    if seat is None:
        raise MoveSyntaxError(f"'{shown(token)}' is not a player of this game")
    return seat
