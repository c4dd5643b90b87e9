"""The discard line (VZ-4.7): face-up cards with the newest on top, the
bottom joker status of section 7 (VZ-7.1, VZ-7.7), and the line capacity
of VZ-10.3."""

from __future__ import annotations

from collections import deque
from typing import Iterable

from ...cards import Card
from .options import OverflowCard

__all__ = ["Line"]

_NEWEST = OverflowCard.NEWEST  # a global: a member read through its enum class is slow on 3.11


class Line:
    """Cards bottom (oldest) to top (newest); depth 1 is the top card."""

    __slots__ = ("cards", "bottom_joker", "capacity", "overflow")

    def __init__(self, top_to_bottom: Iterable[Card] = (), *, bottom_joker: bool = False,
                 capacity: int | None = None, overflow: OverflowCard = OverflowCard.OLDEST) -> None:
        self.cards: deque[Card] = deque(reversed(list(top_to_bottom)))
        self.bottom_joker = bottom_joker and bool(self.cards)
        self.capacity = capacity
        self.overflow = overflow

    def __len__(self) -> int:
        return len(self.cards)

    def top(self, depth: int) -> list[Card]:
        """The top `depth` cards, top first."""
        cards = self.cards
        return [cards[-i] for i in range(1, depth + 1)]

    def reaches_bottom_joker(self, depth: int) -> bool:
        return self.bottom_joker and depth == len(self.cards)

    def take(self, depth: int) -> list[Card]:
        """Remove and return the top `depth` cards, top first (VZ-5.1)."""
        taken = [self.cards.pop() for _ in range(depth)]
        if not self.cards:
            self.bottom_joker = False
        return taken

    def discard(self, card: Card, *, face_down: bool = False) -> Card | None:
        """Put `card` on top; return the card an overflow moves under the stock
        (VZ-10.3), if any. A face-down discard never overflows."""
        self.cards.append(card)
        if face_down or self.capacity is None or len(self.cards) <= self.capacity:
            return None
        if self.overflow is _NEWEST:
            return self.cards.pop()
        if self.bottom_joker:
            self.bottom_joker = False  # VZ-7.7
        return self.cards.popleft()

    def top_to_bottom(self) -> list[Card]:
        return list(reversed(self.cards))
