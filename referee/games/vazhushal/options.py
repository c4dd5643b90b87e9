"""Vazhushal's options (vazhushal.md section 10) as one typed, frozen value,
and what they imply for a number of players (packs, jokers, stock size)."""

from __future__ import annotations

import enum
from collections import Counter
from typing import Callable, Mapping

from ...cards import Card, standard_pack
from ...frozen import frozen
from ...options import typed_options
from . import rules as R

__all__ = [
    "Packs", "OverflowCard", "FirstJokerTake", "NoPureSequence", "IdenticalTest", "TieRule",
    "PrintedNegative", "VazhushalOptions", "HAND_SIZE", "MIN_PLAYERS", "MAX_PLAYERS",
]

HAND_SIZE = 13
MIN_PLAYERS = 2
MAX_PLAYERS = 6


class Packs(enum.Enum):
    BY_PLAYERS = "by_players"
    ONE = "1"
    TWO = "2"


class PrintedNegative(enum.Enum):
    NO_EXTRA_WILD = "no_extra_wild"
    ACES_WILD = "aces_wild"


class OverflowCard(enum.Enum):
    OLDEST = "oldest"
    NEWEST = "newest"


class FirstJokerTake(enum.Enum):
    STANDARD = "standard"
    MUST_MELD = "must_meld"


class NoPureSequence(enum.Enum):
    NONE = "none"
    RETURN_PRINTED = "return_printed"
    LEFT_MUST_TAKE = "left_must_take"


class IdenticalTest(enum.Enum):
    REPRESENTED = "represented"
    PHYSICAL = "physical"


class TieRule(enum.Enum):
    SHARED = "shared"
    NO_WIN = "no_win"




_WHOLE_NUMBERS = ("extra_jokers", "unmelded_printed_joker_value", "match_wins")
_CONVERTERS: dict[str, Callable[[object], object]] = {
    "line_capacity": lambda raw: None if raw == "unlimited" else int(str(raw)),
    **{name: lambda raw: int(str(raw)) for name in _WHOLE_NUMBERS}}


@frozen(slots=True, kw_only=True)
class VazhushalOptions:
    """Every option of vazhushal.md section 10; the defaults are the `vazhushal` preset."""

    packs: Packs = Packs.BY_PLAYERS
    extra_jokers: int = 0
    negative_joker: bool = True
    printed_joker_as_negative: PrintedNegative = PrintedNegative.NO_EXTRA_WILD
    negative_joker_drawable: bool = False
    doubles_include_jokers: bool = False
    line_capacity: int | None = None  # None: unlimited
    line_overflow_card: OverflowCard = OverflowCard.OLDEST
    first_joker_take: FirstJokerTake = FirstJokerTake.STANDARD
    first_joker_no_pure_sequence: NoPureSequence = NoPureSequence.NONE
    identical_meld_test: IdenticalTest = IdenticalTest.REPRESENTED
    new_meld_from_table_cards: bool = False
    rearrange_without_new_cards: bool = False
    unmelded_printed_joker_value: int = 0
    tie_rule: TieRule = TieRule.SHARED
    match_wins: int = 5

    @classmethod
    def from_values(cls, values: Mapping[str, object]) -> VazhushalOptions:
        """From a resolved ruleset's typed values (see `rulesets.resolve`);
        made once for the same values (with their types: `True == 1`), as
        the transcripts of one ruleset share them (the options are frozen)."""
        key = (cls, tuple(values), tuple(map(type, values.values())), tuple(values.values()))
        try:
            made = _MADE.get(key)
        except TypeError:  # a value that is not hashable: made every time
            return typed_options(cls, values, converters=_CONVERTERS)
        if made is None:
            made = typed_options(cls, values, converters=_CONVERTERS)
            if len(_MADE) < 64:
                _MADE[key] = made
        return made

    def pack_count(self, players: int) -> int:
        """VZ-2.2, VZ-10.1: one pack for 2 players, two for 3 to 6, unless set."""
        if self.packs is Packs.BY_PLAYERS:
            return 1 if players <= 2 else 2
        return int(self.packs.value)

    def pack(self, players: int) -> Counter[Card]:
        """Every card of the game: the packs, 2 JK per pack, and the extra jokers."""
        packs = self.pack_count(players)
        return standard_pack(packs=packs, jokers=2 * packs + self.extra_jokers)

    def uses_doubles(self, players: int) -> bool:
        """Three-doubles (VZ-2.8) applies only with two packs (VZ-10.1)."""
        return self.pack_count(players) == 2

    def stock_size(self, players: int) -> int:
        """VZ-2.15: cards in the stock after setup (the drawable negative joker included)."""
        total = sum(self.pack(players).values())
        size = total - HAND_SIZE * players - 2
        if not self.negative_joker or self.negative_joker_drawable:
            size += 1
        return size

    def setup_problems(self, players: int) -> list[tuple[str, str]]:
        """(rule, message) for a player count or configuration VZ-2.1/VZ-2.15 rejects."""
        found = []
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            found.append((R.PLAYERS, f"{players} players; Vazhushal takes 2 to 6"))
        elif self.stock_size(players) <= 0:
            found.append((R.STOCK_SIZE, f"{players} players with {self.pack_count(players)} pack(s) and"
                                     f" {self.extra_jokers} extra joker(s) leave no stock"))
        return found


_MADE: dict[tuple, VazhushalOptions] = {}  # from_values' options by the values (read only)
