"""Replaying one round of Getaway (getaway.md sections 3 and 4).

`Round` is a deterministic state machine: `apply(move)` checks one typed move
against the rules, records a finding for every rule it breaks, applies the
GW-4.1 penalty where the rules give one, and stops the round's replay at a
flag-only finding (GW-4.10 to GW-4.14). It does no I/O and draws no card
itself: draws are events that name their card.

The end of a trick (GW-3.20) is resolved lazily, at the next event that is
not a late play to it, exactly as the digest orders.

The round is built in layers, one module each: `state.py` (the state and
its helpers), `between.py` (a trick's end, draws and takes), `plays.py`
(the full rule path), `replay.py` (the fast path); this module adds the
`State` protocol, legal moves and `show`'s snapshot.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ...cards import Card, Suit
from ...findings import Finding
from ...core.state import Snapshot
from . import rules as R
from .moves import WASTE, Break, Draw, Move, Play, PlayerMove, Skip, Take
from .options import EmptyPower, FirstTrickOrder, GetawayOptions, Pickup, TakeHand, Trump
from .replay import FastReplay
from .trick import ACE_OF_SPADES, End, Phase, RoundResult, Trick

__all__ = ["Round", "Phase", "End", "RoundResult", "Trick"]


class Round(FastReplay):
    """One round of Getaway being replayed."""

    @classmethod
    def at_position(
        cls,
        *,
        options: GetawayOptions,
        players: tuple[str, ...],
        hands: Sequence[Iterable[Card]],
        power: int,
        trick_no: int,
        waste: Sequence[Card] = (),
        escaped: tuple[int, ...] = (),
        trump: Suit | None = None,
        deal: int = 1,
    ) -> Round:
        """A round between tricks at a given position (for scenarios of the
        digest that start mid-round, and for `show`)."""
        state = cls(options=options, players=players, hands=hands, deal=deal)
        for seat in escaped:
            state._escape(seat)
        state.power = power
        state.trick_no = trick_no
        state.waste = Counter(waste)
        if trump is not None:
            state.trump = trump
        state.phase = Phase.WINDOW
        return state

    def apply(self, move: Move, index: int | None = None) -> list[Finding]:
        """Referee one move (the `State` protocol); its findings. `index`
        (tests, the simulator): stamp them as the `index`-th move of the
        deal; without it the driver places them."""
        before = len(self.findings)
        self.replay((move,), index or 0)
        return self.findings[before:]

    def run(self, moves: Sequence[Move]) -> list[Finding]:
        """Every move in turn, up to a stop (the `BatchState` fast path:
        `replay`, with each finding's move index set)."""
        before = len(self.findings)
        self.replay(moves)
        return self.findings[before:]

    def finish(self) -> list[Finding]:
        """The events have run out: resolve the last trick and see whether the
        round ended (GW-4.14 if not; a dead round if they stop at a GW-10.1
        position, GW-10.9). The findings (at the last move applied)."""
        before = len(self.findings)
        if self.phase is Phase.ENDED:
            self._resolve()
        if self.at_dead_position():  # GW-10.9: stopped where only a take could end the round
            self._declare_dead()
        if self.phase not in (Phase.OVER, Phase.STOPPED):
            self._stop(R.SEQUENCE, f"the round's events stop before it has ended ({self.phase.value})")
        return self.findings[before:]

    def close(self) -> RoundResult:
        """`finish()`, then the `result()` (for tests and views)."""
        self.finish()
        return self.result()

    def snapshot(self, *, hide_hands: bool) -> Snapshot:
        """The table now, for `show` (views.py writes it)."""
        from .views import snapshot

        return snapshot(self, hide_hands=hide_hands)

    def play_on(self) -> list[PlayerMove] | None:
        """The events have run out in a round still being played (a record in
        progress): resolve an ended trick, and return the legal moves now;
        None if the round is over, or would be over if nothing followed (a
        GW-10.1 position no take can end), for `finish()` to settle it."""
        self.advance()
        if self.phase is Phase.OVER:
            return None
        legal = self.legal_moves()
        if not legal and self.at_dead_position():
            return None
        return legal

    def to_play(self) -> tuple[int, ...]:
        """The seats that may act now (several in a free-order trick 1)."""
        phase = self.phase
        if phase is Phase.SETUP:
            holder = self.as_holder()
            return () if holder is None else (holder,)
        if phase is Phase.PLAYING:
            trick = self.trick
            if trick.first and self._free_first:
                return tuple(s for s in trick.order if s not in trick.acted)
            expected = trick.expected()
            return () if expected is None else (expected,)
        if phase is Phase.DRAW:
            return (self.draw_for,)  # type: ignore[return-value]  # set in this phase
        if phase is Phase.WINDOW:
            return (self.power,)  # type: ignore[return-value]  # set in this phase
        return ()

    def result(self) -> RoundResult:
        settled = self.phase is Phase.OVER
        order = tuple(self.places) + ((self.loser,) if self.loser is not None else ()) if settled else ()
        legs = self.hands[self.loser].size if settled and self.loser is not None else None
        return RoundResult(settled=settled, dead=self.dead and settled, order=order,
                           loser=self.loser if settled else None, legs=legs, penalties=tuple(self.penalties))

    def advance(self) -> None:
        """Resolve an ended trick now (what the next non-late event would do)."""
        if self.phase is Phase.ENDED:
            self._resolve()

    # ------------------------------------------------------ for generators

    def census(self) -> Counter[Card]:
        """Every card the round holds, wherever it is (for conservation checks)."""
        total: Counter[Card] = Counter()
        for hand in self.hands:
            total.update(hand.counts)
        total.update(self.waste)
        total.update(self.aside)
        total.update(self.removed)
        if self.trick is not None and not self.trick.resolved:  # also a trick abandoned when the round ended
            total.update(self.trick.cards())
        return total

    def legal_moves(self) -> list[PlayerMove]:
        """Every move that breaks no rule now (call `advance()` first after a
        trick ends)."""
        phase, options = self.phase, self.options
        moves: list[PlayerMove] = []
        if phase in (Phase.SETUP, Phase.WINDOW):
            moves.extend(self._legal_takes())
            if phase is Phase.SETUP:
                holder = self.as_holder()
                assert holder is not None, "a deal without the ace of spades stops at its check"
                moves.append(Play(player=holder, card=ACE_OF_SPADES))
            else:
                seat = self.power
                assert seat is not None
                if seat in self.duty:
                    moves.append(Play(player=seat, card=self.duty[seat]))
                else:
                    moves.extend(Play(player=seat, card=c) for c in self.hands[seat].counts)
        elif phase is Phase.PLAYING:
            trick = self.trick
            if trick.first and options.first_trick_order is FirstTrickOrder.FREE:
                seats = [s for s in trick.order if s not in trick.acted]
            else:
                seats = [trick.expected()]  # type: ignore[list-item]  # someone is due in a trick in play
            for seat in seats:
                for c in self.hands[seat].counts:
                    kind, _ = self._classify(seat, c, trick)
                    if not isinstance(kind, str):
                        moves.append(Play(player=seat, card=c))
                if self._may_void(seat, trick):
                    move_type = Break if options.pickup is Pickup.BREAKER else Skip
                    moves.append(move_type(player=seat))
        elif phase is Phase.DRAW:
            seat = self.draw_for
            assert seat is not None
            if self.draw_from_waste:
                moves.extend(Draw(player=seat, source=WASTE, card=c) for c in self.waste)
            else:
                sources: list[int]
                if options.empty_power is EmptyPower.DRAW_NEXT_HAND:
                    sources = [self.next_active(seat)]  # type: ignore[list-item]  # another in-player exists
                else:
                    sources = [s for s in range(self.n) if s != seat and self.active[s]]
                for source in sources:
                    moves.extend(Draw(player=seat, source=source, card=c) for c in self.hands[source].counts)
        return moves

    def _may_void(self, seat: int, trick: Trick) -> bool:
        options, hand, trump = self.options, self.hands[seat], self.trump
        if options.pickup is Pickup.WINNER or trick.first or hand.has_suit(trick.led):
            return False
        if trump is not None and options.must_trump and hand.has_suit(trump):
            return False
        return not (options.trump is Trump.DONKEY and trump is None)

    def _legal_takes(self) -> list[PlayerMove]:
        rule = self.options.take_hand
        if rule is TakeHand.NO:
            return []
        if rule is TakeHand.LEADER:
            if self.window_takes:
                return []
            leader = self.as_holder() if self.phase is Phase.SETUP else self.power
            assert leader is not None, "the ace of spades' holder, or power between tricks"
            takers = [leader]
        else:
            takers = [s for s in range(self.n) if self.active[s]]
        # taken: another in-player exists while the round goes on
        return [Take(player=s, taken=self.next_active(s)) for s in takers]  # type: ignore[arg-type]

