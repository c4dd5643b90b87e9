"""High Card, one deal as a `core.state.State`: every player plays a card to
each trick in seat order from the leader (the first player leads the first
trick), following suit under follow=yes; the highest card of the suit led
wins and its player leads the next. The deal ends when the hands are empty."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from referee.cards import Card, card
from referee.core.state import Snapshot
from referee.findings import Finding
from referee.frozen import frozen
from referee.hand import sort_cards

from .moves import Play

DEAL, NOT_HELD, FOLLOW, TURN, STOPS_EARLY, TRICKS = "HC-1.1", "HC-2.1", "HC-2.2", "HC-2.3", "HC-2.4", "HC-3.1"
RANKS = ("A", "K", "Q", "J", "10")
PACK: tuple[str, ...] = tuple(rank + suit for suit in "SHDC" for rank in RANKS)


@frozen(slots=True)
class Result:
    settled: bool
    tricks: tuple[int, ...] | None  # tricks won by seat; None when not settled


@dataclass
class Deal:
    """The table of one deal; seats index `players`."""

    players: tuple[str, ...]
    hands: list[list[Card]]
    follow: bool = True
    leader: int = 0
    trick: list[tuple[int, Card]] = field(default_factory=list)
    won: list[list[Card]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    _stopped: bool = False

    def __post_init__(self) -> None:
        dealt = {c.token for hand in self.hands for c in hand}
        self.aside = [card(t) for t in PACK if t not in dealt]  # the cards an uneven deal leaves out
        self.won = [[] for _ in self.players]
        self.tricks = [0 for _ in self.players]

    @property
    def stopped(self) -> bool:
        return self._stopped

    @property
    def over(self) -> bool:
        return not self._stopped and not self.trick and not any(self.hands)

    def to_play(self) -> tuple[int, ...]:
        if self._stopped or self.over:
            return ()
        return ((self.leader + len(self.trick)) % len(self.players),)

    def legal_moves(self) -> list[Play]:
        if self._stopped or self.over:
            return []
        seat = self.to_play()[0]
        hand = self.hands[seat]
        if self.follow and self.trick:
            led = self.trick[0][1].suit
            same = [c for c in hand if c.suit is led]
            hand = same or hand
        return [Play(seat, c) for c in sort_cards(hand)]

    def apply(self, move: Play) -> list[Finding]:
        name = self.players[move.player]
        due = self.to_play()
        if move.player not in due:
            return self._stop(TURN, f"{name} plays out of turn", name)
        hand = self.hands[move.player]
        if move.card not in hand:
            return self._stop(NOT_HELD, f"{name} does not hold {move.card}", name)
        if self.follow and self.trick:
            led = self.trick[0][1].suit
            if move.card.suit is not led and any(c.suit is led for c in hand):
                return self._stop(FOLLOW, f"{name} does not follow suit", name)
        hand.remove(move.card)
        self.trick.append((move.player, move.card))
        if len(self.trick) == len(self.players):
            led = self.trick[0][1].suit
            winner = max((p for p in self.trick if p[1].suit is led), key=lambda p: p[1].rank)[0]
            self.won[winner].extend(c for _, c in self.trick)
            self.tricks[winner] += 1
            self.trick, self.leader = [], winner
        return []

    def _stop(self, rule: str, message: str, player: str) -> list[Finding]:
        self._stopped = True
        return [Finding(rule=rule, message=message + "; the replay of this deal stops", player=player, stops_deal=True)]

    def play_on(self) -> list[Play] | None:
        return None if self.over or not (moves := self.legal_moves()) else moves

    def finish(self) -> list[Finding]:
        if self._stopped or self.over:
            return []
        self._stopped = True
        return [Finding(rule=STOPS_EARLY, message="the record stops before every hand is empty", stops_deal=True)]

    def result(self) -> Result:
        return Result(True, tuple(self.tricks)) if self.over else Result(False, None)

    def census(self) -> Counter[Card]:
        total: Counter[Card] = Counter()
        for cards in (*self.hands, *self.won, [c for _, c in self.trick], self.aside):
            total.update(cards)
        return total

    def snapshot(self, *, hide_hands: bool) -> Snapshot:
        lines, hands = [], {}
        for seat, name in enumerate(self.players):
            cards = [c.token for c in sort_cards(self.hands[seat])]
            lines.append(f"  {name}: {len(cards)} cards" + ("" if hide_hands else ": " + " ".join(cards)))
            hands[name] = {"count": len(cards)} if hide_hands else {"count": len(cards), "cards": cards}
        trick = [[self.players[s], c.token] for s, c in self.trick]
        data: dict[str, Any] = {"hands": hands, "trick": trick, "tricks": dict(zip(self.players, self.tricks))}
        return Snapshot(lines=tuple(lines), data=data)
