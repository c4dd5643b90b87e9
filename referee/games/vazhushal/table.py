"""A meld on the table as the engine tracks it: its cards, and what the
current meld phase has done to it (for the end-of-phase checks of VZ-6.2)."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ...cards import JOKER, Card
from .melds import MeldCheck, Placed, _check_meld, identity, natural_keyed, natural_looked_up
from .options import IdenticalTest
from .wild import WildRule

__all__ = ["TableMeld", "laid_meld"]

_REPRESENTED = IdenticalTest.REPRESENTED  # a global: a member read through its enum class is slow on 3.11


class TableMeld:
    """One player's meld. `touched` is the move index of the last action of
    the current phase that changed it; `laid_now` is True for a meld laid by a `meld` action in
    the current phase (it holds no card melded before)."""

    __slots__ = ("cards", "touched", "laid_now", "_check", "_identity")

    def __init__(self, cards: Sequence[Placed], *, touched: int | None = None, laid_now: bool = False) -> None:
        self.cards: tuple[Placed, ...] = tuple(cards)
        self.touched = touched
        self.laid_now = laid_now
        self._check: MeldCheck | None = None
        self._identity: tuple[IdenticalTest, tuple[int, ...]] | None = None

    def extend(self, placed: Sequence[Placed], at: int, *, indexes: list[int] | None = None,
               itself: bool = False) -> None:
        """Cards added at move `at`. With `take_tokens`' `indexes` and `itself`
        for them, a valid meld whose identity by value is kept keeps its check:
        `natural_sorted` reads the merged indexes (a set grows only into a set or
        nothing, so a set's `pure` of False does not matter), else the check is
        made afresh when asked for; tests/vazhushal/test_vazhushal_meld_checks.py
        compares the two."""
        check = self._check
        kept = self._identity
        self.cards += tuple(placed)
        self.touched = at
        if indexes is not None and check is not None and kept is not None and kept[0] is _REPRESENTED \
                and not check.problems:
            found = natural_looked_up([*kept[1], *indexes], itself and check.pure)
            if found is not None:
                self._check = found[0]
                self._identity = (_REPRESENTED, found[1])
                return
        self._check = None
        self._identity = None

    def take_out(self, card: Card) -> None:
        """A melded card leaves the meld (only ever as a VZ-6.3 breach)."""
        cards = list(self.cards)
        for i, placed in enumerate(cards):
            if placed.card is card:
                del cards[i]
                break
        self.cards = tuple(cards)
        self._check = None
        self._identity = None

    def check(self, wild: WildRule) -> MeldCheck:
        """Section 3 on this meld (computed once until the meld changes; a meld
        `natural_keyed` judges keeps its identity by value too)."""
        check = self._check
        if check is None:  # `check_meld`, without its call
            found = natural_keyed(self.cards)
            if found is None:
                check = _check_meld(self.cards, wild)
            else:  # the identity by value comes with it: kept, for the identical-meld test
                check, key = found
                if self._identity is None:
                    self._identity = (_REPRESENTED, key)
            self._check = check
        return check

    def identity(self, test: IdenticalTest) -> tuple[int, ...]:
        """What an identical meld shares with this one (VZ-3.9; kept until the meld changes)."""
        cached = self._identity
        if cached is None or cached[0] is not test:
            cached = self._identity = (test, identity(self.cards, test))
        return cached[1]

    def physical(self) -> Counter[Card]:
        return Counter(p.card for p in self.cards)

    def holds(self, card: Card) -> bool:
        return any(p.card is card for p in self.cards)

    def tokens(self) -> list[str]:
        return [p.token() for p in self.cards]


_new = object.__new__


def laid_meld(cards: Sequence[Placed], at: int, *, indexes: list[int] | None = None,
              itself: bool = False) -> TableMeld:
    """`TableMeld(cards, touched=at, laid_now=True)`, a meld laid by a `meld`
    action at move `at`, made without `__init__`: calling a Python `__init__`
    with keywords through the class costs twice as much as these stores. With
    `take_tokens`' `indexes` and `itself` for its cards, the check and the
    identity by value `natural_keyed` would give are kept at once (`indexes`
    is sorted in place); tests/vazhushal/test_vazhushal_meld_checks.py
    compares them with `check_meld`'s."""
    meld: TableMeld = _new(TableMeld)
    meld.cards = tuple(cards)
    meld.touched = at
    meld.laid_now = True
    meld._check = None
    meld._identity = None
    if indexes is not None:
        found = natural_looked_up(indexes, itself)
        if found is not None:
            for placed in meld.cards:  # not only printed jokers (VZ-3.11): mostly the first card tells
                if placed.card is not JOKER:
                    meld._check = found[0]
                    meld._identity = (_REPRESENTED, found[1])
                    break
    return meld
