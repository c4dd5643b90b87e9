"""The replay's small values (engine.py): the phase a game is in, how it
ended, its result, the record of takes left after a stop, and the hand
helpers the engine and its shortcuts (batch.py) share."""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from ...cards import Card
from ...frozen import frozen
from .melds import Placed

__all__ = ["Phase", "End", "GameResult", "Ghost", "Hand", "subtract", "copy_hand", "signature"]


class Phase(enum.Enum):
    DRAW = "a draw is due"
    MELD = "meld phase"
    FINAL = "final phase"
    OVER = "game over"
    STOPPED = "replay stopped"


class End(enum.Enum):
    OUT = "out"
    STOCK = "stock"


@frozen(slots=True)
class GameResult:
    """How a game ended, as far as the replay could tell."""

    settled: bool
    end: End | None
    out_player: int | None
    scores: dict[int, int] | None  # VZ-8.7 totals (for information when a player went out)
    winners: frozenset[int]


@dataclass(slots=True)
class Ghost:
    """After a stop in a meld phase: takes whose key card no recorded meld of
    that turn has used yet (VZ-5.2 can still be told from the record)."""

    player: int
    pending: list[tuple[int, Card]]  # (the take's move index, its key card)


class Hand(Counter[Card]):
    """A Counter of cards (a hand, the stock's unknown cards) whose item
    assignment runs at C speed. `Counter` defines `__delitem__` in Python,
    so CPython sends every `hand[c] = n` on it through a Python-level slot
    (three times the cost of a dict's); dict's own `__delitem__` gives the
    C slot back. Unlike Counter's, `del` of a card not held raises KeyError
    (nothing deletes from these). Everything else is Counter's."""

    __slots__ = ()
    __delitem__ = dict.__delitem__  # type: ignore[assignment]  # (takes cards only, as every use does)


def subtract(hand: Counter[Card], cards: Iterable[Card]) -> None:
    """`hand.subtract(cards)` for cards the hand holds, without Counter's
    Python-level type checks."""
    for c in cards:
        hand[c] -= 1


def copy_hand(hand: Counter[Card]) -> Counter[Card]:
    """A copy of a hand, zero counts included (every reader ignores them),
    made at C speed: `Counter.copy()` goes through Counter's Python-level
    `__init__` and `update`, and `+hand` through a Python loop."""
    copy: Counter[Card] = Counter.__new__(Counter)
    dict.update(copy, hand)
    return copy


def signature(placed: Sequence[Placed]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((p.card.index, p.stands.index if p.stands is not None else 99) for p in placed))
