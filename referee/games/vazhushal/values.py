"""Card values for scoring (VZ-8.8, VZ-8.9)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable, Sequence

from ...cards import ALL_CARDS, JOKER, Card, Rank
from .melds import Placed

if TYPE_CHECKING:
    from .table import TableMeld

__all__ = ["card_points", "placed_points", "meld_points", "hand_points", "melds_points", "held_points"]


def card_points(card: Card) -> int:
    """A, K, Q, J and 10 are worth 10 (VZ-12.27, VZ-12.28); 2 to 9 their number."""
    if card.rank is Rank.JOKER:
        return 0
    return 10 if card.rank >= Rank.TEN else int(card.rank)


_POINTS: dict[Card, int] = {c: card_points(c) for c in (*ALL_CARDS, JOKER)}  # looked up, not computed, when scoring


def placed_points(placed: Placed) -> int:
    """A melded card is worth the card it stands for (0 if that is unknown)."""
    return _POINTS[placed.stands] if placed.stands is not None else 0


def meld_points(placed: Iterable[Placed]) -> int:
    return sum(_POINTS[p.stands] for p in placed if p.stands is not None)


def hand_points(cards: Iterable[Card], *, joker: int) -> int:
    """A card left in hand counts its own rank; a printed joker counts `joker`."""
    return sum(joker if c is JOKER else _POINTS[c] for c in cards)


# The two below are plain loops: on 3.11 a generator inside `sum` costs more a card, and so do
# `map` chains (a C call a card); `_STOOD` counts an unknown card as 0 without a test.
_STOOD: dict[Card | None, int] = {c: v for c, v in _POINTS.items()}
_STOOD[None] = 0


def melds_points(melds: Sequence[TableMeld]) -> int:
    """`meld_points` of every meld of a player, added up in one pass."""
    total = 0
    for m in melds:
        for p in m.cards:
            total += _STOOD[p.stands]
    return total


def held_points(hand: Counter[Card], *, joker: int) -> int:
    """`hand_points(hand.elements(), joker=joker)`, from the counts (no card repeated;
    a hand keeps the zero counts of the cards it has held, skipped here)."""
    total = 0
    for c, k in hand.items():
        if k > 0:
            total += (joker if c is JOKER else _POINTS[c]) * k
    return total
