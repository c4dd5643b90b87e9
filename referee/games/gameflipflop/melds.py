"""Card values, rank order and spreads (GFF-2.3 to 2.5, 7.6 to 7.9).

The ace is low only (A 2 ... K), nothing wraps round, and a set holds three
or four cards of one rank.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from itertools import combinations
from typing import Iterable

from ...cards import ALL_CARDS, JOKER, Card, Rank, Suit
from . import rules as R

__all__ = ["points", "low_rank", "hand_total", "in_hand_order", "partner", "Kind", "TableSpread", "spread_problem",
           "spread_kind", "kind_of", "layoff_problem", "possible_spreads"]

_PARTNER = {Suit.S: Suit.C, Suit.C: Suit.S, Suit.H: Suit.D, Suit.D: Suit.H}


# One lookup per card (cards hash by identity); the joker ranks 0 and counts 0.
_LOW: dict[Card, int] = {c: 1 if c.rank is Rank.ACE else int(c.rank) for c in (*ALL_CARDS, JOKER)}
_POINTS: dict[Card, int] = {c: min(value, 10) for c, value in _LOW.items()}


def low_rank(card: Card) -> int:
    """1 for the ace, 2..10, 11 J, 12 Q, 13 K (GFF-2.4)."""
    return _LOW[card]


def points(card: Card) -> int:
    """K Q J 10 count 10, A 1, the others their pips (GFF-2.3)."""
    return _POINTS[card]


def in_hand_order(cards: Iterable[Card]) -> list[Card]:
    """Spades, hearts, diamonds, clubs; ace (low) to king within a suit."""
    return sorted(cards, key=lambda c: (c.suit_index, low_rank(c)))


def hand_total(cards: Iterable[Card]) -> int:
    return sum(map(_POINTS.__getitem__, cards))


def partner(suit: Suit) -> Suit:
    """The other suit of the same colour (GFF-2.5)."""
    return _PARTNER[suit]


class Kind(enum.Enum):
    RUN = "run"
    SET = "set"
    INVALID = "invalid"  # laid anyway under on_illegal=continue


@dataclass(slots=True)
class TableSpread:
    """A spread on the table: its owner, kind and cards, kept in low-rank order."""

    ident: str
    owner: int
    kind: Kind
    cards: list[Card] = field(default_factory=list)

    @property
    def low(self) -> int:
        return _LOW[self.cards[0]]

    @property
    def high(self) -> int:
        return _LOW[self.cards[-1]]


def spread_problem(cards: tuple[Card, ...]) -> tuple[str, str] | None:
    """(rule, reason) if `cards` are neither a run (GFF-7.6) nor a set (GFF-7.7)."""
    count = len(cards)
    if len(set(cards)) != count:
        return R.BAD_RUN, "the same card twice"
    values = [_LOW[c] for c in cards]
    ranks = len(set(values))
    if ranks < count:  # it looks like a set
        if ranks > 1:
            return R.BAD_SET, "a set needs cards of one rank"
        if count < 3:
            return R.BAD_SET, "a set needs three or four cards"
        return None
    if count < 3:
        return R.BAD_RUN, "a run needs three or more cards"
    if len({c.suit_index for c in cards}) > 1:
        return R.BAD_RUN, "a run needs cards of one suit"
    if max(values) - min(values) != count - 1:
        return R.BAD_RUN, "the ranks are not consecutive (the ace is low only)"
    return None


def spread_kind(cards: tuple[Card, ...]) -> Kind:
    return kind_of(cards, spread_problem(cards))


def kind_of(cards: tuple[Card, ...], problem: tuple[str, str] | None) -> Kind:
    """A run, a set, or invalid, for cards whose `spread_problem` is `problem`."""
    if problem is not None:
        return Kind.INVALID
    return Kind.SET if len({_LOW[c] for c in cards}) == 1 else Kind.RUN


def layoff_problem(card: Card, spread: TableSpread) -> str | None:
    """Why `card` cannot be laid off on `spread` (GFF-7.9), or None."""
    if spread.kind is Kind.INVALID:
        return f"spread {spread.ident} is not a valid run or set"
    if spread.kind is Kind.SET:
        if card.rank is not spread.cards[0].rank:
            return f"{card} is not of the rank of set {spread.ident}"
        if len(spread.cards) >= 4:
            return f"set {spread.ident} already has four cards"
        return None
    if card.suit is not spread.cards[0].suit:
        return f"{card} is not of the suit of run {spread.ident}"
    value = low_rank(card)
    if value != spread.low - 1 and value != spread.high + 1:
        return f"{card} does not extend run {spread.ident} at either end (the ace is low only)"
    return None


def possible_spreads(cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every valid spread that can be laid from `cards` (for generators)."""
    held = sorted(cards, key=lambda c: (c.suit_index, low_rank(c)))  # the suit's index (no jokers in play)
    found: list[tuple[Card, ...]] = []
    by_rank: dict[Rank, list[Card]] = {}
    by_suit: dict[Suit | None, dict[int, Card]] = {}
    for c in held:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, {})[low_rank(c)] = c
    for group in by_rank.values():
        for size in (3, 4):
            found.extend(combinations(group, size))
    for ranks in by_suit.values():
        for start in sorted(ranks):
            run = [ranks[start]]
            value = start + 1
            while value in ranks:
                run.append(ranks[value])
                if len(run) >= 3:
                    found.append(tuple(run))
                value += 1
    return found
