"""Card values for scoring (VZ-8.8, VZ-8.9)."""

from __future__ import annotations

from typing import Iterable

from ...cards import ALL_CARDS, JOKER, Card, Rank
from .melds import Placed

__all__ = ["card_points", "placed_points", "meld_points", "hand_points"]


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
