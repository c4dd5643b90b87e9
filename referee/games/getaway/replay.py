"""The fast path of a Getaway round: the events a legal game is mostly
made of, refereed inline (`FastReplay.replay`), everything else sent down
the full rule path (`plays.py`). `tests/conformance/test_fast_path.py`
compares it with the plain path move by move."""

from __future__ import annotations

from typing import Any, Iterable

from .moves import Move, Play, TrickMark
from .plays import PlayRules
from .trick import End, Kind, Phase, Trick

__all__ = ["FastReplay"]

_PLAYING, _ENDED, _WINDOW, _OVER, _STOPPED = Phase.PLAYING, Phase.ENDED, Phase.WINDOW, Phase.OVER, Phase.STOPPED
_FULL, _TOCHOO = End.FULL, End.TOCHOO
_FOLLOW, _TRUMP, _FREE, _TOCHOO_PLAY = Kind.FOLLOW, Kind.TRUMP, Kind.FREE, Kind.TOCHOO


class FastReplay(PlayRules):
    """A round's state with its fast replay."""

    def replay(self, moves: Iterable[Move], start: int = 1) -> None:
        """Referee `moves` in turn, the first as the `start`-th of the deal
        (the same as `apply` on each).

        The events a legal game is mostly made of are refereed here, inline,
        by shortcuts that change the state exactly as the full rule path
        (`_apply`) would, in cases where that path finds nothing wrong:

        - the mark of the next trick's number (`_on_mark`);
        - a play to the trick in progress, with no mark of a later trick, by
          the player due (by anyone yet to play, in a free-order trick 1) of a
          card he holds that follows suit or, void in the suit led, is a
          trump, a free card in trick 1 or a tochoo (`_play_to_trick`);
        - after a trick has ended, a play the marks say is not a late one:
          the trick is resolved (`_is_late`, `_resolve`) and, if power holds
          the card and has no draw duty, he leads it (`_on_play`, `_lead`).

        Each shortcut tests its conditions before it changes anything; an
        event it does not take goes down the full path, which finds whatever
        is wrong."""
        hands, active = self.hands, self.active
        index = start - 1
        move: Any  # told apart by `kind is ...` below, which mypy does not narrow
        for move in moves:
            index += 1
            phase = self.phase
            if phase is _STOPPED:
                return
            kind = move.__class__
            if kind is Play:
                if phase is _PLAYING:
                    trick, seat, played = self.trick, move.player, move.card
                    hand = hands[seat]
                    if played in hand.counts and active[seat] and (not self.numbered or self.tag == trick.number):
                        acted = trick.acted
                        if trick.first and self._free_first:
                            due = seat not in acted
                        else:
                            order, turn = trick.order, trick.turn
                            while turn < len(order) and order[turn] in acted:  # Trick.expected
                                turn += 1
                            trick.turn = turn
                            due = turn < len(order) and order[turn] == seat
                        if due:
                            how: Kind | str
                            if played.suit is trick.led:
                                how = _FOLLOW
                            elif (self._void_is_tochoo and self.trump is None and not trick.first
                                    and not hand.suits[trick.led.index]):
                                how = _TOCHOO_PLAY  # what _classify says here, without the call
                            else:
                                how = self._classify(seat, played, trick)[0]
                            if how is _FOLLOW or how is _TOCHOO_PLAY or how is _TRUMP or how is _FREE:
                                if hand.size > 1:  # _put, when it is not his last card
                                    counts = hand.counts  # Hand.remove, without the call
                                    left = counts[played] - 1
                                    if left:
                                        counts[played] = left
                                    else:
                                        del counts[played]
                                    if played.suit_index >= 0:  # a joker (in `show` of a bad deal) has none
                                        hand.suits[played.suit_index] -= 1
                                    hand.size -= 1
                                    self.clock += 1
                                    trick.plays.append((seat, played, False))
                                    acted.add(seat)
                                else:
                                    self._put(seat, played, trick)
                                    if self.phase is _OVER:
                                        continue
                                if how is _TOCHOO_PLAY:
                                    trick.end, trick.tochoo = _TOCHOO, len(trick.plays) - 1
                                    self.phase = _ENDED
                                elif len(acted) == len(trick.order):
                                    trick.end = _FULL
                                    self.phase = _ENDED
                                continue
                elif phase is _ENDED and self.numbered and self.tag != self.trick.number:
                    self._resolve()
                    if self.phase is _WINDOW:
                        seat, played = move.player, move.card
                        hand = hands[seat]
                        if seat == self.power and seat not in self.duty and played in hand.counts and active[seat]:
                            if hand.size > 1:  # _start_trick and _put, when it is not his last card
                                self.trick_no = number = self.trick_no + 1
                                order = self._orders.get(seat) or self._order_from(seat)
                                trick = self.trick = Trick(number, seat, order, played.suit, False)
                                self.phase = _PLAYING
                                counts = hand.counts  # Hand.remove, as above
                                left = counts[played] - 1
                                if left:
                                    counts[played] = left
                                else:
                                    del counts[played]
                                if played.suit_index >= 0:
                                    hand.suits[played.suit_index] -= 1
                                hand.size -= 1
                                self.clock += 1
                                trick.plays.append((seat, played, False))
                                trick.acted.add(seat)
                            else:
                                self._start_trick(seat, played)
                            continue
            elif kind is TrickMark:
                number = move.number
                if number == self.trick_no + 1:
                    self.numbered = True
                    self.tag = number
                    continue
            self._apply(move, index)
        if index >= start:  # (a replay stopped before its last move has returned above)
            self.index = index  # the shortcuts report nothing, so the index is stored once, here
