"""The referee's model of the stock (VZ-4.8): U, cards in unknown order,
then B, the cards known to have been put under the stock in order, then
(under negative_joker_drawable) the face-up negative joker (VZ-10.8).

The referee never draws a card itself; it checks that a recorded draw
could have been drawn.
"""

from __future__ import annotations

import enum
from collections import Counter, deque
from typing import Iterable

from ...cards import Card
from .status import Hand

__all__ = ["Stock", "DrawCheck"]


class DrawCheck(enum.Enum):
    OK = "drawn"
    LOWER = "known to lie lower"  # from B while U is not empty, or not B's first card (VZ-4.8)
    MISSING = "not in the stock"


_OK, _LOWER, _MISSING = DrawCheck.OK, DrawCheck.LOWER, DrawCheck.MISSING  # globals: cheaper than through the class


class Stock:
    __slots__ = ("unknown", "unknown_size", "under", "negative")

    unknown: Counter[Card]

    def __init__(self, unknown: Iterable[Card] | Counter[Card] = (), *, under: Iterable[Card] = (),
                 negative: Card | None = None) -> None:
        if isinstance(unknown, Counter):  # a deal's stock: its positive counts copied at C speed, in its order
            self.unknown = Hand.__new__(Hand)
            dict.update(self.unknown, {c: k for c, k in unknown.items() if k > 0})
        else:
            self.unknown = Hand(unknown)
        self.unknown_size = sum(self.unknown.values())
        self.under: deque[Card] = deque(under)
        self.negative = negative  # the drawable negative joker, drawn last

    @classmethod
    def dealt(cls, unknown: Counter[Card], *, size: int, negative: Card | None) -> Stock:
        """A deal's stock: U from a Counter with positive counts only and
        `size` cards (as the deal check hands it over, `Setup.stock`), copied
        at C speed without looking at the counts; B empty."""
        stock = cls.__new__(cls)
        stock.unknown = Hand.__new__(Hand)
        dict.update(stock.unknown, unknown)
        stock.unknown_size = size
        stock.under = deque()
        stock.negative = negative
        return stock

    def __len__(self) -> int:
        return self.unknown_size + len(self.under) + (1 if self.negative is not None else 0)

    @property
    def empty(self) -> bool:
        return len(self) == 0

    def drawable(self) -> list[Card]:
        """The cards a draw could produce now."""
        if self.unknown_size:
            return list(self.unknown)
        if self.under:
            return [self.under[0]]
        return [self.negative] if self.negative is not None else []

    def draw(self, card: Card) -> DrawCheck:
        """Take `card` out of the model; LOWER means it was there but lay lower
        (it is still taken out, VZ-9.1); MISSING means it is not there at all."""
        if self.unknown_size:
            left = self.unknown.get(card)
            if left:  # the common draw, without further calls
                if left > 1:
                    self.unknown[card] = left - 1
                else:
                    self.unknown.pop(card)
                self.unknown_size -= 1
                return _OK
            return self._from_under(card, first_ok=False)
        if self.under:
            return self._from_under(card, first_ok=True)
        if self.negative is not None and card is self.negative:
            self.negative = None
            return _OK
        return _MISSING

    def _from_under(self, card: Card, *, first_ok: bool) -> DrawCheck:
        if first_ok and self.under and self.under[0] is card:
            self.under.popleft()
            return _OK
        if card in self.under:
            self.under.remove(card)
            return _LOWER
        if self.negative is not None and card is self.negative:
            self.negative = None
            return _LOWER
        return _MISSING

    def put_under(self, card: Card) -> None:
        """A line overflow: the card joins the end of B (VZ-10.3)."""
        self.under.append(card)

    def cards(self) -> Counter[Card]:
        found = Counter(self.unknown)
        found.update(self.under)
        if self.negative is not None:
            found[self.negative] += 1
        return found
