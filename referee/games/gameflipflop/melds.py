"""Card values, rank order and spreads (GFF-2.3 to 2.5, 7.6 to 7.9).

The ace is low only (A 2 ... K), nothing wraps round, and a set holds three
or four cards of one rank.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from itertools import combinations
from typing import Iterable

from ...cards import Card, Rank, Suit
from . import rules as R

__all__ = ["points", "low_rank", "hand_total", "partner", "Kind", "TableSpread", "spread_problem", "spread_kind",
           "layoff_problem", "possible_spreads"]

_PARTNER = {Suit.S: Suit.C, Suit.C: Suit.S, Suit.H: Suit.D, Suit.D: Suit.H}


def low_rank(card: Card) -> int:
    """1 for the ace, 2..10, 11 J, 12 Q, 13 K (GFF-2.4)."""
    return 1 if card.rank is Rank.ACE else int(card.rank)


def points(card: Card) -> int:
    """K Q J 10 count 10, A 1, the others their pips (GFF-2.3)."""
    return min(low_rank(card), 10)


def hand_total(cards: Iterable[Card]) -> int:
    return sum(points(c) for c in cards)


def partner(suit: Suit) -> Suit:
    """The other suit of the same colour (GFF-2.5)."""
    return _PARTNER[suit]


class Kind(enum.Enum):
    RUN = "run"
    SET = "set"
    INVALID = "invalid"  # laid anyway under on_illegal=continue


@dataclass(slots=True)
class TableSpread:
    """A spread on the table: its owner, kind and cards (low to high for a run)."""

    ident: str
    owner: int
    kind: Kind
    cards: list[Card] = field(default_factory=list)

    @property
    def low(self) -> int:
        return min(low_rank(c) for c in self.cards)

    @property
    def high(self) -> int:
        return max(low_rank(c) for c in self.cards)


def spread_problem(cards: tuple[Card, ...]) -> tuple[str, str] | None:
    """(rule, reason) if `cards` are neither a run (GFF-7.6) nor a set (GFF-7.7)."""
    if len(set(cards)) != len(cards):
        return R.BAD_RUN, "the same card twice"
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    looks_like_set = len(ranks) < len(cards)
    if looks_like_set:
        if len(ranks) > 1:
            return R.BAD_SET, "a set needs cards of one rank"
        if len(cards) < 3:
            return R.BAD_SET, "a set needs three or four cards"
        return None
    if len(cards) < 3:
        return R.BAD_RUN, "a run needs three or more cards"
    if len(suits) > 1:
        return R.BAD_RUN, "a run needs cards of one suit"
    values = sorted(low_rank(c) for c in cards)
    if values[-1] - values[0] != len(values) - 1:
        return R.BAD_RUN, "the ranks are not consecutive (the ace is low only)"
    return None


def spread_kind(cards: tuple[Card, ...]) -> Kind:
    if spread_problem(cards) is not None:
        return Kind.INVALID
    return Kind.SET if len({c.rank for c in cards}) == 1 else Kind.RUN


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
    held = sorted(cards, key=lambda c: (c.suit.index, low_rank(c)))
    found: list[tuple[Card, ...]] = []
    by_rank: dict[Rank, list[Card]] = {}
    by_suit: dict[Suit, dict[int, Card]] = {}
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
