"""How a deal's play ended (GFF-8.1) and who takes the game pot (GFF-10.5).

Shared by the move-by-move replay and by outcome-only deals, so both settle
alike.
"""

from __future__ import annotations

import enum
from dataclasses import field
from typing import Mapping

from ...cards import Card
from ...frozen import frozen

__all__ = ["Ending", "ShowWinner", "PlayResult", "decide", "CLAIMED_ENDINGS"]


class Ending(enum.Enum):
    OUT = "out"  # GFF-8.2
    TUNK = "tunk"  # GFF-8.9
    DROP = "drop"  # GFF-8.6, not caught
    CAUGHT = "caught"  # GFF-8.7
    STOCK = "stock"  # GFF-8.12 to 8.14
    DECLARATION = "declaration"  # GFF-5.5


CLAIMED_ENDINGS = tuple(e.value for e in Ending)


@frozen(slots=True)
class ShowWinner:
    """Who takes the flip (or flop) pot and how the referee knows: `shown`
    (explicit shows), `derived` (no shows recorded, GFF-15.8), `automatic`
    (GFF-6.14), `recorded` (an outcome-only deal names him). Claims never
    name him (GFF-15.12)."""

    seat: int | None
    card: Card | None = None
    how: str = "shown"


@frozen(slots=True)
class PlayResult:
    """A deal's play, as far as the referee could tell."""

    settled: bool
    ending: Ending | None = None
    actor: int | None = None  # who went out, tunked, dropped, took the last stock card, or first declared
    totals: Mapping[int, int] = field(default_factory=dict)  # hand totals at the end
    game_winners: tuple[int, ...] = ()
    declarers: Mapping[int, int] = field(default_factory=dict)  # seat -> actual total of his dealt five
    flip: ShowWinner = ShowWinner(None)
    flop: ShowWinner = ShowWinner(None)
    illegal: bool = False  # an illegal action was reported (settlement is provisional)


def decide(kind: Ending, *, actor: int | None, totals: Mapping[int, int], order: tuple[int, ...],
           declarers: Mapping[int, int]) -> tuple[Ending, tuple[int, ...]]:
    """The final ending (a drop may turn out caught) and the game pot's winners, in turn order."""
    if kind in (Ending.OUT, Ending.TUNK):
        assert actor is not None, "going out has its player"
        return kind, (actor,)
    if kind in (Ending.DROP, Ending.CAUGHT):
        assert actor is not None, "a drop has its player"
        others = [s for s in order if s != actor]
        low = min(totals[s] for s in others)
        if low <= totals[actor]:
            return Ending.CAUGHT, tuple(s for s in others if totals[s] == low)
        return Ending.DROP, (actor,)
    if kind is Ending.STOCK:
        low = min(totals[s] for s in order)
        return kind, tuple(s for s in order if totals[s] == low)
    return kind, tuple(s for s in order if s in declarers)
