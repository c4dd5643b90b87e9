"""Game, Flip, Flop's options (game-flip-flop.md section 11) as one typed, frozen value."""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Any, Callable, Mapping

from ...frozen import frozen
from ...options import typed_options

__all__ = [
    "DeclareWindow", "ShowMode", "CarryAnte", "UnwonPot", "StockEnd", "Rounding", "OnIllegal",
    "FlipFlopOptions", "CENT",
]

CENT = Fraction(1, 100)


class DeclareWindow(enum.Enum):
    FIRST_TURN = "first_turn"
    BEFORE_PLAY = "before_play"


class ShowMode(enum.Enum):
    EXPLICIT = "explicit"
    AUTOMATIC = "automatic"


class CarryAnte(enum.Enum):
    REGULAR = "regular"
    DOUBLE = "double"


class UnwonPot(enum.Enum):
    REFUND = "refund"
    REPORT = "report"


class StockEnd(enum.Enum):
    AFTER_DISCARD = "after_discard"
    AT_DRAW = "at_draw"


class Rounding(enum.Enum):
    EXACT = "exact"
    CENTS = "cents"


class OnIllegal(enum.Enum):
    STOP = "stop"
    CONTINUE = "continue"




@frozen(slots=True, kw_only=True)
class FlipFlopOptions:
    """Every option of game-flip-flop.md section 11; the defaults are the `dayton` preset."""

    stake: Fraction = Fraction(1)
    min_players: int = 3
    max_players: int = 5
    reserve_rule: bool = True
    allow_drop: bool = True
    allow_49_50: bool = True
    declare_window: DeclareWindow = DeclareWindow.FIRST_TURN
    flip_flop_show: ShowMode = ShowMode.EXPLICIT
    flop_carry_ante: CarryAnte = CarryAnte.REGULAR
    unwon_pot_at_end: UnwonPot = UnwonPot.REFUND
    all_in_split_survives: bool = True
    stock_end: StockEnd = StockEnd.AFTER_DISCARD
    retake_discard: bool = True
    split_rounding: Rounding = Rounding.EXACT
    on_illegal: OnIllegal = OnIllegal.STOP

    @classmethod
    def from_values(cls, values: Mapping[str, object]) -> FlipFlopOptions:
        """From a resolved ruleset's typed values (see `rulesets.resolve`)."""
        converters: dict[str, Callable[[Any], Any]] = {"stake": Fraction, "min_players": int, "max_players": int}
        return typed_options(cls, values, converters=converters)

    def inconsistencies(self) -> list[str]:
        """Option combinations the referee rejects before any deal (GFF-2.6, GFF-15.6)."""
        found = []
        if self.min_players > self.max_players:
            found.append(f"min_players={self.min_players} is above max_players={self.max_players} (GFF-2.6)")
        return found

    @property
    def cents(self) -> bool:
        return self.split_rounding is Rounding.CENTS

    @property
    def stops(self) -> bool:
        return self.on_illegal is OnIllegal.STOP
