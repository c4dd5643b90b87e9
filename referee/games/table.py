"""What `referee show` and `referee replay` ask of a game: the table before
a move, and the game told beat by beat (kept apart from `base.py` so that a
plain check does not load them)."""

from __future__ import annotations

from typing import Any, Mapping

from ..frozen import frozen

__all__ = ["Position", "Beat", "ShowError"]


@frozen(slots=True)
class Position:
    """The table just before a move, for `referee show`."""

    deal: int
    move: int  # the move about to be played (1-based); one past the last for the end of the deal
    recorded: str | None  # that move as written, None past the end
    lines: tuple[str, ...]  # the table as text for players (hands left out when hidden)
    data: Mapping[str, Any]  # the table as plain data
    to_move: tuple[str, ...]  # who may act now
    legal: tuple[str, ...]  # every move that breaks no rule now, as move lines, in the game's rank order
    hidden: frozenset[str] = frozenset()  # with hands hidden: tokens of the cards held (and face down)


@frozen(slots=True)
class Beat:
    """One trick or turn of a replay, told as players would tell it."""

    deal: int
    first: int  # the first and last move it covers (1-based); 0, 0 for the deal itself
    last: int
    title: str  # "Trick 4", "Turn 12"
    plays: tuple[tuple[str, str], ...]  # (who, what he did), in order; cards as tokens
    outcome: str  # what came of it ("N picks up 2H 6H KC and leads")


class ShowError(ValueError):
    """A deal or move number that the transcript does not have."""
