"""Tjuv's options (tjuv.md section 6) as one typed, frozen value."""

from __future__ import annotations

import enum
from typing import Mapping

from ...frozen import frozen
from ...options import typed_options

__all__ = [
    "TableRefill", "ExcessRemoval", "StealMode", "DealerTieBreak", "SessionResult", "OnViolation",
    "TjuvOptions", "SEATS",
]

#: The value of option `players` that means "the number of seats in the transcript".
SEATS = "seats"


class TableRefill(enum.Enum):
    FROM_HAND = "from_hand"
    FROM_TALON = "from_talon"


class ExcessRemoval(enum.Enum):
    HIGHEST = "highest"
    DEALER_CHOICE = "dealer_choice"


class StealMode(enum.Enum):
    OPTIONAL = "optional"
    ALL_OR_NONE = "all_or_none"
    MANDATORY = "mandatory"


class DealerTieBreak(enum.Enum):
    NEAREST_RIGHT = "nearest_right"
    FREE = "free"


class SessionResult(enum.Enum):
    NONE = "none"
    DEALS_WON = "deals_won"
    TOTAL_CARDS = "total_cards"


class OnViolation(enum.Enum):
    STOP = "stop"
    CONTINUE = "continue"


_MADE: dict[tuple, TjuvOptions] = {}  # options by their ruleset values, at most 64


@frozen(slots=True, kw_only=True)
class TjuvOptions:
    """Every option of tjuv.md section 6; the defaults are the `tjuv` preset.
    `players` is None when it is left to the number of seats."""

    table_refill: TableRefill = TableRefill.FROM_HAND
    excess_table_removal: ExcessRemoval = ExcessRemoval.HIGHEST
    steal_mode: StealMode = StealMode.OPTIONAL
    players: int | None = None
    dealer_tie_break: DealerTieBreak = DealerTieBreak.NEAREST_RIGHT
    session_result: SessionResult = SessionResult.NONE
    on_violation: OnViolation = OnViolation.STOP

    @classmethod
    def from_values(cls, values: Mapping[str, object]) -> TjuvOptions:
        """From a resolved ruleset's typed values (see `rulesets.resolve`);
        the same values give the same (frozen) object."""
        try:
            key = tuple((k, v.__class__, v) for k, v in values.items())  # 1, True and Fraction(1) apart
            made = _MADE.get(key)
        except TypeError:  # a value that is not hashable
            key, made = None, None
        if made is None:
            made = typed_options(cls, values, converters={
                "players": lambda raw: None if str(raw) == SEATS else int(str(raw))})
            if key is not None and len(_MADE) < 64:
                _MADE[key] = made
        return made

    @property
    def from_hand(self) -> bool:
        return self.table_refill is TableRefill.FROM_HAND

    @property
    def stops(self) -> bool:
        """Does replay of a deal end at its first finding (TJ-4.2)?"""
        return self.on_violation is OnViolation.STOP
