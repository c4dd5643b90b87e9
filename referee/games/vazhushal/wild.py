"""Which cards are wild in one game (VZ-2.10 to VZ-2.13, VZ-10.2, VZ-10.7).

A `WildRule` is decided once per game from the negative joker and the
options; it answers "is this card wild" in constant time.
"""

from __future__ import annotations

from ...cards import Card, Rank, Suit
from ...frozen import frozen
from .options import PrintedNegative, VazhushalOptions

__all__ = ["WildRule", "wild_rule", "opposite_colour"]

_BLACK = frozenset({Suit.S, Suit.C})
_RED = frozenset({Suit.H, Suit.D})


def opposite_colour(suit: Suit) -> frozenset[Suit]:
    """The two suits of the other colour (VZ-2.3)."""
    return _RED if suit in _BLACK else _BLACK


@frozen(slots=True)
class WildRule:
    """Printed jokers are always wild; `rank` in `suits` is the wild rank
    (None when only printed jokers are wild)."""

    rank: Rank | None
    suits: frozenset[Suit]

    def is_wild(self, card: Card) -> bool:
        return card.suit is None or (card.rank is self.rank and card.suit in self.suits)

    def is_wild_rank(self, card: Card) -> bool:
        """A wild card that is not a printed joker."""
        return card.suit is not None and card.rank is self.rank and card.suit in self.suits

    def describe(self) -> str:
        if self.rank is None:
            return "only printed jokers are wild"
        names = " and ".join(sorted(f"{self.rank.symbol}{s.value}" for s in self.suits))
        return f"{names} and JK are wild"


def wild_rule(negative: Card | None, options: VazhushalOptions) -> WildRule:
    """The wild cards of a game whose negative joker is `negative` (None: no negative joker)."""
    if negative is None or not options.negative_joker:
        return WildRule(None, frozenset())
    if negative.suit is None:
        if options.printed_joker_as_negative is PrintedNegative.ACES_WILD:
            return WildRule(Rank.ACE, frozenset(Suit))
        return WildRule(None, frozenset())
    return WildRule(negative.rank, opposite_colour(negative.suit))
