"""The state a Getaway round is replayed on: seats, hands, the trick in
play, the waste pile, and the helpers every rule uses (who is next, who
leads trick 1, a finding reported, a player escaping, the end check).

The rules come on top of it, one module each: `between.py` (a trick's end,
draws and takes), `plays.py` (plays, breaks and skips, and the GW-4.1
penalty), `replay.py` (the fast path) and `engine.py` (`Round`, the
`State` protocol)."""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ...cards import Card, Suit
from ...findings import Finding, Penalty, Severity
from ...hand import Hand
from .options import EmptyPower, FirstTrickOrder, GetawayOptions, Pickup, TakeHand, Trump
from .trick import ACE_OF_SPADES, Phase, Trick

__all__ = ["RoundState"]

_OVER, _STOPPED = Phase.OVER, Phase.STOPPED


class RoundState:
    """A round's state and the helpers its rules share."""

    def __init__(
        self,
        *,
        options: GetawayOptions,
        players: tuple[str, ...],
        hands: Sequence[Iterable[Card]],
        deal: int,
        removed: Iterable[Card] | None = None,
        marked: int | None = None,
    ) -> None:
        self.options = options
        self.players = players
        self.n = len(players)
        self.deal = deal
        self.hands = [Hand(h) for h in hands]
        self.removed = list(removed or ())
        self.marked = marked
        self.active = [True] * self.n
        # the in-players in the direction of play, starting from seat 0
        self.ring = [(options.step * k) % self.n for k in range(self.n)]
        self._orders: dict[int, list[int]] = {}  # leader -> the ring from him on (see `_order_from`)
        self.places: list[int] = []
        self.loser: int | None = None
        self.dead = False
        self.phase = Phase.SETUP
        # None only before the first trick: every phase that reads it follows one.
        self.trick: Trick = None  # type: ignore[assignment]
        self.trick_no = 0
        self.power: int | None = None
        self.waste: Counter[Card] = Counter()
        self.aside: list[Card] = []
        self.trump: Suit | None = Suit.S if options.trump is Trump.SPADES else None
        self.draw_for: int | None = None
        self.draw_from_waste = True
        self.duty: dict[int, Card] = {}
        self.window_takes = 0
        self.findings: list[Finding] = []
        self.penalties: list[tuple[int, str]] = []
        self.clock = 0
        self.emptied: dict[int, int] = {}
        self.tag: int | None = None
        self.numbered = False
        self.index = 0  # the 1-based index of the move being applied
        # options the hot paths test on every trick, as plain booleans
        self._escape_on_last = options.empty_power is EmptyPower.ESCAPE
        self._pickup_winner = options.pickup is Pickup.WINNER
        self._pickup_breaker = options.pickup is Pickup.BREAKER
        # GW-10.1 positions end the round at once only where no hand can be taken (GW-10.9)
        self._dead_ends_round = self._pickup_breaker and options.take_hand is TakeHand.NO
        self._last_card_high = options.last_card_high
        self._free_first = options.first_trick_order is FirstTrickOrder.FREE
        # under pickup=winner, outside trick 1 and while there is no trump suit, the card of a
        # player void in the suit led is a tochoo (see _classify; not under trump=donkey, where it fixes trumps)
        self._void_is_tochoo = options.pickup is Pickup.WINNER and options.trump is not Trump.DONKEY

    # ----------------------------------------------------------------- helpers

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.players[seat]

    def next_active(self, seat: int) -> int | None:
        """The next in-player after `seat` in the direction of play (GW-3.1)."""
        if self.active[seat]:
            ring = self.ring
            return ring[(ring.index(seat) + 1) % len(ring)] if len(ring) > 1 else None
        step, n, active = self.options.step, self.n, self.active
        other = seat
        for _ in range(n - 1):
            other = (other + step) % n
            if active[other]:
                return other
        return None

    def as_holder(self) -> int | None:
        """Who leads trick 1 (GW-3.3): the (marked) AS holder."""
        if self.options.packs == 2:
            return self.marked
        for seat, hand in enumerate(self.hands):
            if hand.has(ACE_OF_SPADES):
                return seat
        return None

    def _report(
        self, rule: str, message: str, *, player: int | None = None,
        penalty: Penalty | None = None, stops: bool = False, severity: Severity = Severity.ERROR,
    ) -> None:
        """A finding at the move being applied (its line is looked up later, by the record)."""
        self.findings.append(Finding(
            rule=rule, message=message, deal=self.deal, move=self.index or None,
            player=None if player is None else self.players[player],
            severity=severity, penalty=penalty, stops_deal=stops,
        ))

    def _stop(self, rule: str, message: str, *, player: int | None = None) -> None:
        self._report(rule, f"{message}; replay of this round stops", player=player, stops=True)
        self.phase = Phase.STOPPED

    @property
    def active_count(self) -> int:
        return len(self.ring)

    def _order_from(self, leader: int) -> list[int]:
        """The in-players from `leader` on, in the direction of play: a new
        trick's order. Made once per leader while nobody escapes (shared by
        the tricks he leads, which never change it)."""
        order = self._orders.get(leader)
        if order is None:
            ring = self.ring
            at = ring.index(leader)
            order = self._orders[leader] = ring[at:] + ring[:at]
        return order

    def _escape(self, seat: int) -> None:
        self.active[seat] = False
        self.ring.remove(seat)
        self._orders.clear()
        self.places.append(seat)
        self.duty.pop(seat, None)

    def _end_check(self) -> bool:
        """GW-3.38: the round ends when one in-player remains; he loses."""
        if self.active_count <= 1:
            self.loser = next((s for s in range(self.n) if self.active[s]), None)
            self.phase = Phase.OVER
            return True
        return False

    @property
    def stopped(self) -> bool:
        return self.phase is _STOPPED

    @property
    def over(self) -> bool:
        return self.phase is _OVER
