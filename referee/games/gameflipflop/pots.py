"""Tiers, antes and pots as values (game-flip-flop.md sections 3 and 10).

A `Pot` knows what was carried into it, who paid how much in this deal, and
who may win it; an `Award` says who took it (shares that add up to the pot,
all to eligible players) or that nobody did and it is carried. Both check
themselves on construction.
"""

from __future__ import annotations

import enum
from dataclasses import field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Mapping, Sequence

from ...frozen import frozen
from ...money import split_exact, split_units
from ...outcome import exact_sum
from .options import CENT

if TYPE_CHECKING:
    from ...cards import Card

__all__ = ["Tier", "PotKind", "Pot", "Award", "tier_of", "antes_for", "split", "ZERO"]

ZERO = Fraction(0)


class Tier(enum.Enum):
    FULL = "full"  # game, flip, flop
    SHORT = "short"  # game, flip
    ALL_IN = "all in"  # game only; tunk life at stake (GFF-3.8)
    OUT = "out"  # eliminated before the deal (GFF-3.9 a)


class PotKind(enum.Enum):
    GAME = "game"
    BONUS = "bonus"  # the 50 bonus pot (GFF-5.8), booked under game (GFF-15.2)
    FLIP = "flip"
    FLOP = "flop"


@lru_cache(maxsize=64)
def _floors(stake: Fraction, reserve: bool, double: bool) -> tuple[Fraction, Fraction, Fraction]:
    """The least bankroll for the full, short and all-in tiers (the same all session)."""
    kept = 1 if reserve else 0
    return (kept + (4 if double else 3)) * stake, (kept + 2) * stake, (kept + 1) * stake


# As module globals: reading an enum member as a class attribute costs about 90 ns on CPython 3.11.
_FULL, _SHORT, _ALL_IN, _OUT = Tier.FULL, Tier.SHORT, Tier.ALL_IN, Tier.OUT
_GAME, _FLIP, _FLOP = PotKind.GAME, PotKind.FLIP, PotKind.FLOP


def tier_of(bankroll: Fraction | None, *, stake: Fraction, reserve: bool, double: bool) -> Tier:
    """GFF-3.5, 3.10, 3.11: the tier a bankroll forces (None: unlimited, always full)."""
    if bankroll is None:
        return _FULL
    full, short, all_in = _floors(stake, reserve, double)
    if bankroll >= full:
        return _FULL
    if bankroll >= short:
        return _SHORT
    if bankroll >= all_in:
        return _ALL_IN
    return _OUT


def antes_for(tier: Tier, *, stake: Fraction, double: bool) -> dict[PotKind, Fraction]:
    """What a tier puts into each pot (GFF-3.3, 3.11)."""
    if tier is _FULL:
        return {_GAME: stake, _FLIP: stake, _FLOP: stake * 2 if double else stake}
    if tier is _SHORT:
        return {_GAME: stake, _FLIP: stake}
    if tier is _ALL_IN:
        return {_GAME: stake}
    return {}


@frozen(slots=True)
class Pot:
    """One pot of one deal."""

    kind: PotKind
    carried: Fraction  # from earlier deals (flip and flop only)
    paid: Mapping[int, Fraction]  # paid in during this deal, by seat (antes and extra stakes)
    eligible: frozenset[int]  # who may win it (GFF-3.6)
    amount: Fraction = field(init=False, compare=False)  # carried plus paid

    def __post_init__(self) -> None:
        negative = self.carried.numerator < 0  # (a Fraction's sign by its numerator: no comparison call)
        for value in self.paid.values():
            negative = negative or value.numerator < 0
        if negative:
            raise ValueError(f"{self.kind.value} pot with a negative amount")
        if self.carried.numerator and self.kind in (PotKind.GAME, PotKind.BONUS):
            raise ValueError(f"a {self.kind.value} pot is never carried")
        object.__setattr__(self, "amount", exact_sum(self.paid.values(), self.carried))


@frozen(slots=True)
class Award:
    """Who took a pot: shares adding up to it, or none (the pot is carried)."""

    pot: Pot
    shares: Mapping[int, Fraction]  # in turn order
    card: Card | None = None  # the winning flip/flop card, when known

    def __post_init__(self) -> None:
        if self.shares:
            total = exact_sum(self.shares.values())
            if total is not self.pot.amount and total != self.pot.amount:
                raise ValueError(f"{self.pot.kind.value} pot shares do not add up to the pot")
            if not set(self.shares) <= self.pot.eligible:
                raise ValueError(f"{self.pot.kind.value} pot awarded to a player who did not pay into it")

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self.shares)

    @property
    def carried_forward(self) -> Fraction:
        return ZERO if self.shares else self.pot.amount


def split(amount: Fraction, takers: Sequence[int], *, cents: bool) -> dict[int, Fraction]:
    """GFF-10.9: equal exact shares, or whole cents with the odd cents one each to
    the first takers (the caller lists them in turn order from the dealer's left)."""
    if cents:
        return split_units(amount, list(takers), unit=CENT)
    if len(takers) == 1:  # the whole pot, as split_exact gives it, without a division
        return {takers[0]: amount}
    return split_exact(amount, list(takers))
