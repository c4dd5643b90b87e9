"""Captured piles (TJ-3.11): owned, face up, identified by their top card,
never added to. A sweep (TJ-3.18) is a pile too, marked as such."""

from __future__ import annotations

from ...cards import Card
from ...frozen import frozen

__all__ = ["Pile", "new_pile"]


@frozen(slots=True)
class Pile:
    owner: int
    top: Card
    cards: tuple[Card, ...]  # the top card first
    sweep: bool = False

    @property
    def size(self) -> int:
        return len(self.cards)


_new = Pile.__new__
_owner, _top, _cards, _sweep = (Pile.__dict__[name].__set__ for name in ("owner", "top", "cards", "sweep"))


def new_pile(owner: int, top: Card, cards: tuple[Card, ...]) -> Pile:
    """`Pile(owner, top, cards)`, made with its slots set directly (two thirds of the cost of the frozen
    `__init__`, for the fast path's pile a capture; tests/tjuv/test_tjuv_state.py compares the two)."""
    pile = _new(Pile)
    _owner(pile, owner)
    _top(pile, top)
    _cards(pile, cards)
    _sweep(pile, False)
    return pile
