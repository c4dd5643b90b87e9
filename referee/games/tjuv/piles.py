"""Captured piles (TJ-3.11): owned, face up, identified by their top card,
never added to. A sweep (TJ-3.18) is a pile too, marked as such."""

from __future__ import annotations

from ...cards import Card
from ...frozen import frozen

__all__ = ["Pile"]


@frozen(slots=True)
class Pile:
    owner: int
    top: Card
    cards: tuple[Card, ...]  # the top card first
    sweep: bool = False

    @property
    def size(self) -> int:
        return len(self.cards)
