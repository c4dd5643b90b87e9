"""The values of a Getaway round: its phases, how a trick ends, how a card
counts, one trick's cards, and the round's result (getaway.md section 3)."""

from __future__ import annotations

import enum
from operator import itemgetter

from ...cards import Card, Suit, card
from ...frozen import frozen

__all__ = ["ACE_OF_SPADES", "Phase", "End", "Kind", "Trick", "RoundResult"]

ACE_OF_SPADES = card("AS")


class Phase(enum.Enum):
    SETUP = "before trick 1"
    PLAYING = "trick in progress"
    ENDED = "trick ended, not yet resolved"
    DRAW = "a draw is due"
    WINDOW = "between tricks"
    OVER = "round over"
    STOPPED = "replay stopped"


class End(enum.Enum):
    FULL = "full"
    TOCHOO = "tochoo"
    BREAK = "break"
    PENALTY = "penalty"


class Kind(enum.Enum):
    """How a card played to a trick counts (when it breaks no rule)."""

    FOLLOW = "follows"
    TRUMP = "trumps"
    FIX = "fixes trumps"
    FREE = "free card in trick 1"
    TOCHOO = "tochoo"

_CARD = itemgetter(1)  # the card of a (seat, card, last) play or a (seat, card) extra


class Trick:
    """The cards of one trick and who has acted in it."""

    __slots__ = ("number", "leader", "order", "plays", "acted", "led", "first", "end", "offender",
                 "extra", "drawn_lead", "tochoo", "turn", "resolved")

    def __init__(self, number: int, leader: int, order: list[int], led: Suit | None, first: bool) -> None:
        self.number = number
        self.leader = leader
        self.order = order  # the players of the trick, leader first, in the direction of play
        self.plays: list[tuple[int, Card, bool]] = []  # (seat, card, was his last card)
        self.acted: set[int] = set()
        # A Suit: None only for a joker lead, which a replay never reaches (the deal check stops first).
        self.led: Suit = led  # type: ignore[assignment]
        self.first = first  # trick 1 under first_trick=waste
        self.end: End | None = None
        self.offender: int | None = None  # the penalised player, or the breaker
        self.extra: tuple[tuple[int, Card], ...] = ()  # (seat, card) of penalised and late plays
        self.drawn_lead = False
        self.tochoo: int | None = None
        self.turn = 1
        self.resolved = False  # its cards have gone to a hand or aside for the waste pile

    def expected(self) -> int | None:
        """Whose turn it is (clockwise-order tricks)."""
        order, acted = self.order, self.acted
        while self.turn < len(order) and order[self.turn] in acted:
            self.turn += 1
        return order[self.turn] if self.turn < len(order) else None

    def cards(self) -> list[Card]:
        cards = list(map(_CARD, self.plays))
        if self.extra:
            cards.extend(map(_CARD, self.extra))
        return cards


@frozen(slots=True)
class RoundResult:
    """How a round ended, as far as the replay could tell."""

    settled: bool  # False when a flag-only finding stopped the replay
    dead: bool
    order: tuple[int, ...]  # finishing order, loser last (empty if not settled)
    loser: int | None
    legs: int | None
    penalties: tuple[tuple[int, str], ...]  # (offender, rule) of every penalised play

