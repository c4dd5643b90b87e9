"""The talon (TJ-2.11, TJ-2.12): either its recorded order (TJ-10.2 f), or
only what it holds, split into ordinary stock cards and the removed cards
that lie beneath them (TJ-2.9) whose order is unknown (decision A8).

`check()` says whether a card may be taken next and resolves an unnamed
card; `remove()` takes it. Neither draws anything at random.
"""

from __future__ import annotations

import enum
from collections import Counter
from operator import attrgetter
from typing import Iterable, Sequence

from ...cards import Card

__all__ = ["Talon", "TalonIssue"]

_PACK_ORDER = attrgetter("index")


class TalonIssue(enum.Enum):
    EMPTY = "the talon is empty"
    UNNAMED = "no card is named and the talon order is not recorded"
    ABSENT = "that card is not in the talon"
    NOT_TOP = "that card is not the top card of the recorded talon"
    REMOVED_EARLY = "a removed card is taken while stock cards above it remain"


def _tally(cards: Iterable[Card]) -> dict[Card, int]:
    """How many of each card, in the order first seen (`dict(Counter(cards))`,
    without Counter's work when no card is there twice)."""
    cards = tuple(cards)
    counts = dict.fromkeys(cards, 1)
    return counts if len(counts) == len(cards) else dict(Counter(cards))


class Talon:
    """Face-down cards, top first when the order is known. `size` is the
    number of cards (read it; only `remove` changes it)."""

    __slots__ = ("_stack", "_upper", "_bottom", "size")

    def __init__(self, *, order: Sequence[Card] | None = None, upper: Iterable[Card] = (),
                 bottom: Iterable[Card] = ()) -> None:
        self._stack: list[Card] | None = list(reversed(order)) if order is not None else None
        self._upper: dict[Card, int] = _tally(upper)
        self._bottom: dict[Card, int] = _tally(bottom)
        self.size: int = len(self._stack) if self._stack is not None else (
            sum(self._upper.values()) + sum(self._bottom.values()))

    @property
    def known(self) -> bool:
        return self._stack is not None

    def __len__(self) -> int:
        return self.size

    def top(self) -> Card | None:
        """The top card when the order is known and the talon is not empty."""
        if self._stack:
            return self._stack[-1]
        return None

    def cards(self) -> list[Card]:
        """Every card (top first when the order is known)."""
        if self._stack is not None:
            return list(reversed(self._stack))
        return [c for pool in (self._upper, self._bottom) for c, count in pool.items() for _ in range(count)]

    def candidates(self) -> list[Card]:
        """The cards that may legally be taken next (in pack order when the
        talon order is unknown)."""
        if self._stack is not None:
            return self._stack[-1:]
        pool = self._upper if self._upper else self._bottom
        return sorted(pool, key=_PACK_ORDER)

    def check(self, card: Card | None) -> tuple[Card | None, tuple[TalonIssue, ...]]:
        """The card that would be taken, and what is wrong with taking it.
        A None card with ABSENT, EMPTY or UNNAMED means nothing can be taken."""
        if self.size == 0:
            return None, (TalonIssue.EMPTY,)
        stack = self._stack
        if stack is not None:
            top = stack[-1]
            if card is None or card is top:
                return top, ()
            if card in stack:
                return card, (TalonIssue.NOT_TOP,)
            return None, (TalonIssue.ABSENT,)
        if card is None:
            return None, (TalonIssue.UNNAMED,)
        if card in self._upper:
            return card, ()
        if card in self._bottom:
            return card, (TalonIssue.REMOVED_EARLY,) if self._upper else ()
        return None, (TalonIssue.ABSENT,)

    def take(self, card: Card | None) -> Card | None:
        """`check` and `remove` in one, for a take `check` finds nothing wrong
        with: the card taken; None, taking nothing, when it would find an issue."""
        stack = self._stack
        if stack is not None:
            if not stack or (card is not None and card is not stack[-1]):
                return None
            self.size -= 1
            return stack.pop()
        if card is None:
            return None
        pool = self._upper
        if card not in pool:
            pool = self._bottom
            if card not in pool or self._upper:
                return None
        left = pool[card] - 1
        if left:
            pool[card] = left
        else:
            del pool[card]
        self.size -= 1
        return card

    def remove(self, card: Card) -> None:
        """Take `card` (one that `check` resolved)."""
        stack = self._stack
        if stack is not None:
            if stack[-1] is card:
                stack.pop()
            else:
                stack.remove(card)  # each card exists once
        else:
            pool = self._upper if card in self._upper else self._bottom
            left = pool[card] - 1
            if left:
                pool[card] = left
            else:
                del pool[card]
        self.size -= 1
