"""Getaway's options (getaway.md section 5A) as one typed, frozen value."""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Mapping

from ...frozen import frozen
from ...options import typed_options

__all__ = [
    "Direction", "DealExtras", "DealerRule", "FirstTrick", "FirstTrickOrder", "Pickup",
    "Trump", "DonkeyTrump", "EmptyPower", "TakeHand", "Scoring", "Betting", "GetawayOptions",
]


class Direction(enum.Enum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class DealExtras(enum.Enum):
    DEALER_LEFT = "dealer_left"
    AGREED = "agreed"
    BIG_HAND = "big_hand"
    DISCARD_LOW = "discard_low"


class DealerRule(enum.Enum):
    ROTATE = "rotate"
    ANY = "any"
    LOSER = "loser"


class FirstTrick(enum.Enum):
    WASTE = "waste"
    NORMAL = "normal"


class FirstTrickOrder(enum.Enum):
    FREE = "free"
    CLOCKWISE = "clockwise"


class Pickup(enum.Enum):
    WINNER = "winner"
    BREAKER = "breaker"
    NONE = "none"


class Trump(enum.Enum):
    NONE = "none"
    SPADES = "spades"
    DONKEY = "donkey"


class DonkeyTrump(enum.Enum):
    """Which suit the first void player makes trumps under trump=donkey."""

    LED = "led"  # seed 000 as written: the suit he could not follow
    PLAYED = "played"  # the digest's decision A23: the suit of the card he plays


class EmptyPower(enum.Enum):
    DRAW_WASTE = "draw_waste"
    DRAW_NEXT_HAND = "draw_next_hand"
    DRAW_ANY_HAND = "draw_any_hand"
    PASS_LEAD = "pass_lead"
    ESCAPE = "escape"


class TakeHand(enum.Enum):
    ANY = "any"
    LEADER = "leader"
    NO = "no"


class Scoring(enum.Enum):
    LOSER_ONLY = "loser_only"
    STAGGERED = "staggered"
    LEGS = "legs"


class Betting(enum.Enum):
    OFF = "off"
    POT = "pot"


@frozen(slots=True, kw_only=True)
class GetawayOptions:
    """Every option of getaway.md 5A; the defaults are the `getaway` preset."""

    direction: Direction = Direction.CLOCKWISE
    packs: int = 1
    deal_extras: DealExtras = DealExtras.DEALER_LEFT
    dealer: DealerRule = DealerRule.ROTATE
    first_trick: FirstTrick = FirstTrick.WASTE
    first_trick_order: FirstTrickOrder = FirstTrickOrder.FREE
    pickup: Pickup = Pickup.WINNER
    trump: Trump = Trump.NONE
    must_trump: bool = True
    donkey_trump: DonkeyTrump = DonkeyTrump.LED
    empty_power: EmptyPower = EmptyPower.DRAW_WASTE
    last_card_high: bool = False
    take_hand: TakeHand = TakeHand.ANY
    scoring: Scoring = Scoring.LOSER_ONLY
    staggered_table: tuple[int, ...] = (3, 1)
    match_rounds: int = 1
    betting: Betting = Betting.OFF
    ante: Fraction = Fraction(1)
    push_push: bool = False

    @classmethod
    def from_values(cls, values: Mapping[str, object]) -> GetawayOptions:
        """From a resolved ruleset's typed values (see `rulesets.resolve`)."""
        return typed_options(cls, values, converters={"packs": lambda raw: int(str(raw))})

    def inconsistencies(self) -> list[str]:
        """Option combinations GW-4.16 rejects."""
        found = []
        if self.empty_power is EmptyPower.ESCAPE and self.pickup is Pickup.WINNER:
            found.append("empty_power=escape needs pickup=breaker or pickup=none (GW-3.30)")
        if self.push_push and self.betting is not Betting.POT:
            found.append("push_push=yes needs betting=pot (GW-5.11)")
        return found

    @property
    def step(self) -> int:
        """+1 seat for clockwise play, -1 for counter-clockwise."""
        return 1 if self.direction is Direction.CLOCKWISE else -1

    @property
    def max_players(self) -> int:
        return 8 * self.packs
