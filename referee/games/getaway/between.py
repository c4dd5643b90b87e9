"""Between the tricks of a Getaway round: a trick's end resolved (GW-3.20),
power without cards, the waste pile, dead rounds (GW-10.1), and the draws
and takes of the window between tricks."""

from __future__ import annotations

from ...cards import Card, Suit
from . import rules as R
from .moves import WASTE, Draw, Take
from .options import EmptyPower, TakeHand, Trump
from .state import RoundState
from .trick import _CARD, End, Phase

__all__ = ["Between"]

_WINDOW = Phase.WINDOW
_FULL, _TOCHOO = End.FULL, End.TOCHOO


class Between(RoundState):
    """A round's state with the rules of a trick's end, draws and takes."""

    def _winning(self, plays: list[tuple[int, Card, bool]], led: Suit | None) -> int:
        """Index of the winning card (GW-3.15, GW-5.2, GW-5.7); -1 if none."""
        trump = self.trump
        if self._last_card_high:
            for i, (_, c, last) in enumerate(plays):
                if last and (c.suit is led or (trump is not None and c.suit is trump)):
                    return i
        best, best_key = -1, -1
        if trump is None:  # the loop below, without trumps
            for i, play in enumerate(plays):
                c = play[1]
                if c.suit is led and c.rank > best_key:
                    best, best_key = i, c.rank
            return best
        for i, (_, c, _) in enumerate(plays):
            if trump is not None and c.suit is trump:
                key = 100 + c.rank
            elif c.suit is led:
                key = c.rank
            else:
                continue
            if key > best_key:  # strictly: of identical cards the first played wins
                best, best_key = i, key
        return best

    def _resolve(self) -> None:
        """GW-3.20 steps 1 to 6."""
        trick = self.trick
        trick.resolved = True
        end, plays, hands = trick.end, trick.plays, self.hands
        power: int | None
        if end is _FULL:
            self.aside = aside = list(map(_CARD, plays))  # trick.cards(), without the call
            if trick.extra:
                aside.extend(map(_CARD, trick.extra))
            power = plays[self._winning(plays, trick.led)][0]
            if not self.active[power]:
                power = self.next_active(power)
        elif end is _TOCHOO:
            power = plays[self._winning(plays[: trick.tochoo], trick.led)][0]
            hands[power].add_all(map(_CARD, plays))  # trick.cards(), without the list
            if trick.extra:
                hands[power].add_all(map(_CARD, trick.extra))
        else:  # PENALTY or BREAK
            power = trick.offender
            hands[power].add_all(trick.cards())  # type: ignore[index]  # set with a penalty or a break
        self.power = power
        # Step 2: escapes, in the order the players emptied their hands.
        ring = self.ring
        for s in ring:
            if not hands[s].size and s != power:
                empty = [s for s in ring if not hands[s].size and s != power]
                for seat in sorted(empty, key=lambda s: self.emptied.get(s, 0)):
                    self._escape(seat)
                break
        # Step 3: end check, with the two-player shortcut (GW-3.42, GW-10.8).
        if len(ring) <= 1 and self._end_check():
            return
        if end is _TOCHOO and self._pickup_winner and trick.drawn_lead and len(trick.order) == 2:
            self._escape(trick.order[1])
            self._end_check()
            return
        # Step 4: power without cards (power is set: step 3 ended a round of one in-player).
        if not hands[power].size:  # type: ignore[index]
            self._empty_power(power)  # type: ignore[arg-type]
            if self.phase in (Phase.OVER, Phase.DRAW):
                return
        # Steps 5 and 6: `_to_waste` and `_open_window`, inline (this runs once a trick).
        aside = self.aside
        if aside:
            waste = self.waste
            for c in aside:
                waste[c] = waste.get(c, 0) + 1
            self.aside = []
        self.phase = _WINDOW
        self.window_takes = 0
        if self._dead_ends_round and self._is_dead():
            self._declare_dead()

    def _empty_power(self, seat: int) -> None:
        mode = self.options.empty_power
        if mode is EmptyPower.PASS_LEAD:
            if self.active_count - 1 >= 2:
                self._pass_power(seat)
                return
            mode = EmptyPower.DRAW_WASTE
        if mode is EmptyPower.DRAW_WASTE:
            if not self.waste:
                self._pass_power(seat)  # GW-3.31: nothing to draw
                return
            self.draw_from_waste = True
        elif mode in (EmptyPower.DRAW_NEXT_HAND, EmptyPower.DRAW_ANY_HAND):
            self.draw_from_waste = False
        else:  # escape: he escaped when he played his last card; kept for safety
            self._pass_power(seat)
            return
        self.draw_for = seat
        self.phase = Phase.DRAW

    def _pass_power(self, seat: int) -> None:
        self._escape(seat)
        self.power = self.next_active(seat)
        self._end_check()

    def _to_waste(self) -> None:
        aside = self.aside
        if aside:
            waste = self.waste
            for c in aside:  # Counter.update, without its overhead
                waste[c] = waste.get(c, 0) + 1
            self.aside = []

    def _open_window(self) -> None:
        self.phase = _WINDOW
        self.window_takes = 0
        if self._dead_ends_round and self._is_dead():
            self._declare_dead()

    def _declare_dead(self) -> None:
        """GW-10.1: the round ends here as a dead round."""
        self.dead = True
        self.phase = Phase.OVER

    def at_dead_position(self) -> bool:
        """Between tricks at a GW-10.1 position that a take could still end
        (GW-10.9, take_hand other than no): the round is dead only if the
        events stop here."""
        return self.phase is _WINDOW and self._pickup_breaker and self._is_dead()

    def _is_dead(self) -> bool:
        """GW-10.1: every lead would be broken at once, forever. The digest's
        condition, plus: no trump can ever be played (refinement, see the note)."""
        if self.hands[self.power].size < 2:  # type: ignore[index]  # between tricks: power is set
            return False
        if self.options.trump is Trump.DONKEY and self.trump is None:
            return False
        seen = [False, False, False, False]
        for seat in range(self.n):
            if not self.active[seat]:
                continue
            suits = self.hands[seat].suits
            for i in range(4):
                if suits[i]:
                    if suits[i] >= 2 or seen[i]:
                        return False
                    seen[i] = True
        if self.trump is not None and seen[self.trump.index]:
            return False
        return True

    # ------------------------------------------------------ draws and takes

    def _on_draw(self, move: Draw) -> None:
        seat = move.player
        if self.phase is not Phase.DRAW:
            self._stop(R.DRAW_ERROR, f"{self.name(seat)} draws, but no draw is due", player=seat)
            return
        drawer = self.draw_for
        if seat != drawer:
            self._stop(R.DRAW_ERROR, f"{self.name(drawer)} is due to draw, not {self.name(seat)}", player=seat)
            return
        source, drawn = move.source, move.card
        if self.draw_from_waste:
            if source != WASTE:
                self._stop(R.DRAW_ERROR, f"{self.name(seat)} must draw from the waste pile", player=seat)
                return
            if not self.waste.get(drawn):
                why = " (it belongs to the trick just finished)" if drawn in self.aside else ""
                self._stop(R.DRAW_ERROR, f"{drawn} is not in the waste pile{why}", player=seat)
                return
            self.waste[drawn] -= 1
            if not self.waste[drawn]:
                del self.waste[drawn]
        else:
            if self.options.empty_power is EmptyPower.DRAW_NEXT_HAND:
                allowed = source == self.next_active(seat)
            else:
                allowed = source != WASTE and source != seat and self.active[source]
            if not allowed:
                expected = ("the hand of " + self.name(self.next_active(seat))
                            if self.options.empty_power is EmptyPower.DRAW_NEXT_HAND else "another in-player's hand")
                self._stop(R.DRAW_ERROR, f"{self.name(seat)} must draw from {expected}", player=seat)
                return
            giver = self.hands[source]
            if not giver.has(drawn):
                self._stop(R.DRAW_ERROR, f"{self.name(source)} does not hold {drawn}", player=seat)
                return
            giver.remove(drawn)
            if giver.size == 0:
                self.clock += 1
                self.emptied[source] = self.clock
                self._escape(source)
        self.hands[seat].add(drawn)
        self.duty[seat] = drawn
        self.draw_for = None
        if self._end_check():
            return
        self._to_waste()
        self._open_window()

    def _on_take(self, move: Take) -> None:
        taker, taken = move.player, move.taken
        if self.phase is Phase.DRAW:
            self._stop(R.DRAW_ERROR, f"{self.name(self.draw_for)} must draw before any take", player=taker)
            return
        if self.phase is Phase.PLAYING:
            self._stop(R.ILLEGAL_TAKE, f"a take while trick {self.trick.number} is in progress", player=taker)
            return
        rule = self.options.take_hand
        problem = None
        if rule is TakeHand.NO:
            problem = "this ruleset has no taking of hands (take_hand=no)"
        elif not self.active[taker]:
            problem = f"{self.name(taker)} has escaped"
        elif not self.active[taken]:
            problem = f"{self.name(taken)} has escaped"
        elif rule is TakeHand.LEADER:
            leader = self.as_holder() if self.phase is Phase.SETUP else self.power
            if taker != leader:
                problem = f"only {self.name(leader)}, who leads next, may take (take_hand=leader)"
            elif self.window_takes:
                problem = "a second take in one window (take_hand=leader)"
        if problem is None and taken != self.next_active(taker):
            problem = f"{self.name(taker)} may take only the hand of {self.name(self.next_active(taker))}"
        if problem is not None:
            self._stop(R.ILLEGAL_TAKE, problem, player=taker)
            return
        self.hands[taker].add_all(self.hands[taken].clear())
        self._escape(taken)
        self.window_takes += 1
        if self.marked == taken:
            self.marked = taker
        if self.phase is Phase.WINDOW and self.power == taken:
            self.power = self.next_active(taken)
        self._end_check()
