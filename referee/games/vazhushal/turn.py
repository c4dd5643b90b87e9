"""What one meld phase has done so far, as the engine (engine.py) records it
for the checks at its end (phase.py) and for `show` and the legal moves."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...cards import Card
from .melds import Placed
from .takes import TakeFacts

__all__ = ["Turn"]


@dataclass(slots=True, init=False)
class Turn:
    """What one meld phase has done so far (a player's final phase too).
    `__init__` is written out: one is made at every draw, and the generated
    one (three default factories) costs half as much again."""

    player: int
    start_hand: Counter[Card]  # may hold zero counts, like the hands themselves
    start_melds: list[tuple[Placed, ...]]  # each meld's cards at the start (tuples: never changed in place)
    had_melds: bool
    had_pure: bool
    final: bool
    draws: int
    takes: list[tuple[int, TakeFacts]]  # (the take's move index, what it took)
    new_melds: list[tuple[int, tuple[Placed, ...]]]  # (meld, cards) as laid and extended
    from_hand: int
    rearranges: list[int]  # move indexes
    last_action: int | None  # the move index of the phase's last meld action
    emptied: bool
    forced_card: Card | None

    def __init__(self, *, player: int, start_hand: Counter[Card], start_melds: list[tuple[Placed, ...]],
                 had_melds: bool, had_pure: bool, final: bool = False) -> None:
        self.player = player
        self.start_hand = start_hand
        self.start_melds = start_melds
        self.had_melds = had_melds
        self.had_pure = had_pure
        self.final = final
        self.draws = 0
        self.takes = []
        self.new_melds = []
        self.from_hand = 0
        self.rearranges = []
        self.last_action = None
        self.emptied = False
        self.forced_card = None
