"""Replaying one round of Getaway (getaway.md sections 3 and 4).

`Round` is a deterministic state machine: `apply(move)` checks one typed move
against the rules, records a finding for every rule it breaks, applies the
GW-4.1 penalty where the rules give one, and stops the round's replay at a
flag-only finding (GW-4.10 to GW-4.14). It does no I/O and draws no card
itself: draws are events that name their card.

The end of a trick (GW-3.20) is resolved lazily, at the next event that is
not a late play to it, exactly as the digest orders.
"""

from __future__ import annotations

import enum
from collections import Counter
from operator import itemgetter
from typing import Any, Iterable, Sequence

from ...cards import Card, Suit, card, format_cards
from ...findings import Finding, Severity
from ...core.state import Snapshot
from ...frozen import frozen
from ...hand import Hand
from . import rules as R
from .moves import WASTE, Break, Draw, Move, Play, PlayerMove, Skip, Take, TrickMark
from .options import DonkeyTrump, EmptyPower, FirstTrick, FirstTrickOrder, GetawayOptions, Pickup, TakeHand, Trump

__all__ = ["Round", "Phase", "End", "RoundResult"]

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


class _Kind(enum.Enum):
    """How a card played to a trick counts (when it breaks no rule)."""

    FOLLOW = "follows"
    TRUMP = "trumps"
    FIX = "fixes trumps"
    FREE = "free card in trick 1"
    TOCHOO = "tochoo"


_SETUP, _PLAYING, _ENDED, _WINDOW, _OVER, _STOPPED = (
    Phase.SETUP, Phase.PLAYING, Phase.ENDED, Phase.WINDOW, Phase.OVER, Phase.STOPPED)
_FULL, _TOCHOO = End.FULL, End.TOCHOO
_CARD = itemgetter(1)  # the card of a (seat, card, last) play or a (seat, card) extra
_FOLLOW, _TRUMP, _FREE, _TOCHOO_PLAY = _Kind.FOLLOW, _Kind.TRUMP, _Kind.FREE, _Kind.TOCHOO


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
        self.extra: list[tuple[int, Card]] = []  # (seat, card) of penalised and late plays
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


class Round:
    """One round of Getaway being replayed."""

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
        penalty: str | None = None, stops: bool = False, severity: Severity = Severity.ERROR,
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

    def _escape(self, seat: int) -> None:
        self.active[seat] = False
        self.ring.remove(seat)
        self.places.append(seat)
        self.duty.pop(seat, None)

    def _end_check(self) -> bool:
        """GW-3.38: the round ends when one in-player remains; he loses."""
        if self.active_count <= 1:
            self.loser = next((s for s in range(self.n) if self.active[s]), None)
            self.phase = Phase.OVER
            return True
        return False

    # ------------------------------------------------------------ the events

    @property
    def stopped(self) -> bool:
        return self.phase is _STOPPED

    @property
    def over(self) -> bool:
        return self.phase is _OVER

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
                            how: _Kind | str
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
                                ring = self.ring
                                at = ring.index(seat)
                                trick = self.trick = Trick(number, seat, ring[at:] + ring[:at], played.suit, False)
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

    def _apply(self, move: Move, index: int) -> None:
        """The full rule path for one move."""
        self.index = index
        kind = move.__class__
        if kind is TrickMark:
            self._on_mark(move)  # type: ignore[arg-type]  # kind is TrickMark (identity, not narrowed)
            return
        if self.phase is _ENDED and not (kind is Play and self._is_late(move)):  # type: ignore[arg-type]  # as above
            self._resolve()
        if self.phase is Phase.OVER:
            self._stop(R.SEQUENCE, "an event after the round has ended", player=getattr(move, "player", None))
            return
        if isinstance(move, Play):
            self._on_play(move)
        elif isinstance(move, Take):
            self._on_take(move)
        elif isinstance(move, Draw):
            self._on_draw(move)
        elif isinstance(move, (Break, Skip)):
            self._on_void(move)

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

    # --------------------------------------------------------- trick numbers

    def _on_mark(self, mark: TrickMark) -> None:
        self.numbered = True
        if self.phase is Phase.OVER:
            self.tag = mark.number
            return
        current = self.trick_no
        if mark.number < 1 or mark.number not in (current, current + 1):
            self._stop(R.SEQUENCE, f"trick {mark.number} is neither the current trick ({current}) nor the next")
            return
        self.tag = mark.number

    def _is_late(self, move: Play) -> bool:
        """Is this play (arriving after a trick ended) a late play to it (GW-4.2)?
        Trick numbers decide; without them, any player but the next leader is
        read as playing late (GW-10.6)."""
        if self.numbered:
            return self.tag == self.trick.number
        return move.player != self._leader_after()

    def _leader_after(self) -> int | None:
        trick = self.trick
        if trick.end in (End.PENALTY, End.BREAK):
            return trick.offender
        if trick.end is End.TOCHOO:
            return trick.plays[self._winning(trick.plays[: trick.tochoo], trick.led)][0]
        winner = trick.plays[self._winning(trick.plays, trick.led)][0]
        return winner if self.active[winner] else self.next_active(winner)

    # ----------------------------------------------------------------- plays

    def _on_play(self, move: Play) -> None:
        phase = self.phase
        if phase is Phase.ENDED:
            self._late_play(move)
        elif phase is Phase.SETUP:
            self._first_lead(move)
        elif phase is Phase.PLAYING:
            ahead = self.numbered and self.tag == self.trick.number + 1
            self._play_to_trick(move, ahead=ahead)
        elif phase is Phase.DRAW:
            self._report(R.DRAW_ERROR, f"{self.name(self.draw_for)} must draw before the next lead",
                         player=move.player, stops=True)
            if not self.hands[move.player].has(move.card):
                self._report(R.NOT_HELD, f"{self.name(move.player)} does not hold {move.card}",
                             player=move.player, stops=True)
            self.phase = Phase.STOPPED
        elif phase is Phase.WINDOW:
            if self.numbered and self.tag == self.trick_no:
                self._stop(R.SEQUENCE, f"a late play to trick {self.trick_no} after a take, draw or lead",
                           player=move.player)
            else:
                self._lead(move)

    def _holds_or_stop(self, move: Play) -> bool:
        seat = move.player
        if not self.active[seat]:
            self._stop(R.NOT_HELD, f"{self.name(seat)} has escaped and plays no more", player=seat)
            return False
        if not self.hands[seat].has(move.card):
            self._stop(R.NOT_HELD, f"{self.name(seat)} does not hold {move.card}", player=seat)
            return False
        return True

    def _first_lead(self, move: Play) -> None:
        if not self._holds_or_stop(move):
            return
        holder = self.as_holder()
        if move.card is not ACE_OF_SPADES or move.player != holder:
            what = "the marked AS" if self.options.packs == 2 else "AS"
            self._report(R.WRONG_FIRST_LEAD,
                         f"trick 1 must be led by {self.name(holder)} with {what}; {move.card} goes back to"
                         f" {self.name(move.player)}", player=move.player)
            return
        self._start_trick(move.player, move.card, first=self.options.first_trick is FirstTrick.WASTE)

    def _start_trick(self, leader: int, lead: Card, *, first: bool = False, drawn: bool = False) -> None:
        self.trick_no += 1
        ring = self.ring
        at = ring.index(leader)
        trick = Trick(self.trick_no, leader, ring[at:] + ring[:at], lead.suit, first)
        trick.drawn_lead = drawn
        self.trick = trick
        self.phase = _PLAYING
        self._put(leader, lead, trick)

    def _put(self, seat: int, played: Card, trick: Trick) -> None:
        """A legal card joins the trick; under empty_power=escape his last card
        makes him escape at once (GW-3.30)."""
        hand = self.hands[seat]
        hand.remove(played)
        self.clock += 1
        trick.acted.add(seat)
        if hand.size:
            trick.plays.append((seat, played, False))
            return
        self.emptied[seat] = self.clock
        trick.plays.append((seat, played, True))
        if self._escape_on_last:
            self._escape(seat)
            self._end_check()

    def _classify(self, seat: int, played: Card, trick: Trick) -> tuple[_Kind | str, str]:
        """How a card counts in the trick, or the rule it breaks and why."""
        hand, led, trump, options = self.hands[seat], trick.led, self.trump, self.options
        if played.suit is led:
            return _Kind.FOLLOW, ""
        if hand.suits[led.index]:
            return R.REVOKE, f"{self.name(seat)} plays {played} while holding {led.noun}, the suit led"
        if trump is not None and played.suit is trump:
            return _Kind.TRUMP, ""
        if trump is not None and options.must_trump and hand.has_suit(trump):
            return R.FAILED_TO_TRUMP, f"{self.name(seat)} plays {played}, void in {led.noun} but holding a trump ({trump.noun})"
        if options.trump is Trump.DONKEY and trump is None:
            return _Kind.FIX, ""
        if trick.first:
            return _Kind.FREE, ""
        if options.pickup is Pickup.WINNER:
            return _Kind.TOCHOO, ""
        action = "break" if options.pickup is Pickup.BREAKER else "skip"
        return R.PLAYED_NOT_BROKE, f"{self.name(seat)} is void in {led.noun} and must {action}, not play {played}"

    def _turn_problem(self, seat: int, trick: Trick, *, ahead: bool) -> str | None:
        if ahead:
            return f"{self.name(seat)} plays to trick {trick.number + 1} before trick {trick.number} has ended"
        if seat in trick.acted:
            return f"{self.name(seat)} has already acted in trick {trick.number}"
        if trick.first and self.options.first_trick_order is FirstTrickOrder.FREE:
            return None
        due = trick.expected()
        if seat != due:
            return f"{self.name(due)} is due to play to trick {trick.number}, not {self.name(seat)}"
        return None

    def _play_to_trick(self, move: Play, *, ahead: bool) -> None:
        if not self._holds_or_stop(move):
            return
        trick, seat, played = self.trick, move.player, move.card
        broken: list[tuple[str, str]] = []
        turn = self._turn_problem(seat, trick, ahead=ahead)
        if turn:
            broken.append((R.OUT_OF_TURN, turn))
        kind, why = self._classify(seat, played, trick)
        if isinstance(kind, str):
            broken.append((kind, why))
        if broken:
            self._penalise(seat, played, broken, trick)
            return
        if kind is _Kind.FIX:  # GW-5.4, with the seed's reading by default (see DonkeyTrump)
            self.trump = trick.led if self.options.donkey_trump is DonkeyTrump.LED else played.suit
        self._put(seat, played, trick)
        if self.phase is Phase.OVER:
            return
        if kind is _Kind.TOCHOO:
            trick.end, trick.tochoo = End.TOCHOO, len(trick.plays) - 1
            self.phase = Phase.ENDED
        elif len(trick.acted) == len(trick.order):
            trick.end = End.FULL
            self.phase = Phase.ENDED

    def _lead(self, move: Play) -> None:
        if not self._holds_or_stop(move):
            return
        seat, led = move.player, move.card
        broken: list[tuple[str, str]] = []
        if seat != self.power:
            broken.append((R.OUT_OF_TURN, f"{self.name(self.power)} holds power and leads trick {self.trick_no + 1}"))
            self.duty.pop(self.power, None)  # type: ignore[arg-type]  # GW-10.3: the drawer's duty lapses
        elif seat in self.duty and led is not self.duty[seat]:
            broken.append((R.DRAWN_NOT_LED, f"{self.name(seat)} drew {self.duty[seat]} and must lead it, not {led}"))
        if broken:
            self._penalise(seat, led, broken, self._penalty_trick(seat))
            return
        drawn = self.duty.pop(seat, None) is not None
        self._start_trick(seat, led, drawn=drawn)

    def _penalty_trick(self, seat: int) -> Trick:
        """GW-4.1: between tricks, the trick concerned is a new one of the
        offending card alone."""
        self.trick_no += 1
        trick = Trick(number=self.trick_no, leader=seat, order=[seat], led=None, first=False)
        self.trick = trick
        return trick

    def _penalise(self, seat: int, played: Card | None, broken: list[tuple[str, str]], trick: Trick) -> None:
        """GW-4.1: the trick ends; the offender will take every card of it and lead."""
        if played is not None:
            self.hands[seat].remove(played)
            trick.extra.append((seat, played))
        taken = format_cards(trick.cards()) or "no cards"
        penalty = f"{R.PENALTY}: {self.name(seat)} takes {taken} and leads trick {trick.number + 1}"
        for rule, why in broken:
            self._report(rule, why, player=seat, penalty=penalty)
            self.penalties.append((seat, rule))
        trick.end, trick.offender = End.PENALTY, seat
        self.phase = Phase.ENDED

    def _late_play(self, move: Play) -> None:
        if not self._holds_or_stop(move):
            return
        trick = self.trick
        how = {End.FULL: "became full", End.TOCHOO: "was ended by a tochoo", End.BREAK: "was broken",
               End.PENALTY: "was ended by a penalty"}[trick.end]  # type: ignore[index]  # an ended trick
        if not self.numbered:
            self._report(R.TRICK_READING,
                         f"no trick numbers recorded: {self.name(move.player)} {move.card} is read as a late play"
                         f" to trick {trick.number}, not a lead of trick {trick.number + 1}",
                         player=move.player, severity=Severity.NOTE)
        self._penalise(move.player, move.card,
                       [(R.LATE_PLAY, f"{self.name(move.player)} plays {move.card} to trick {trick.number}, which {how}")],
                       trick)

    # ------------------------------------------------------ breaks and skips

    def _on_void(self, move: Break | Skip) -> None:
        seat = move.player
        action = "break" if isinstance(move, Break) else "skip"
        wanted = Pickup.BREAKER if action == "break" else Pickup.NONE
        if self.phase is Phase.DRAW:
            self._stop(R.DRAW_ERROR, f"{self.name(self.draw_for)} must draw before anything else", player=seat)
            return
        if self.options.pickup is not wanted:
            self._stop(R.SEQUENCE, f"a {action} under pickup={self.options.pickup.value}", player=seat)
            return
        if self.phase is Phase.SETUP:
            self._report(R.WRONG_FIRST_LEAD, f"{self.name(seat)} {action}s before AS has led trick 1; no effect",
                         player=seat)
            return
        if not self.active[seat]:
            self._stop(R.NOT_HELD, f"{self.name(seat)} has escaped and plays no more", player=seat)
            return
        if self.phase is Phase.WINDOW:
            if seat != self.power:
                self.duty.pop(self.power, None)  # type: ignore[arg-type]  # set in this phase
            self._penalise(seat, None,
                           [(R.OUT_OF_TURN, f"{self.name(seat)} {action}s between tricks; {self.name(self.power)} leads")],
                           self._penalty_trick(seat))
            return
        trick, hand, trump = self.trick, self.hands[seat], self.trump
        broken: list[tuple[str, str]] = []
        turn = self._turn_problem(seat, trick, ahead=self.numbered and self.tag == trick.number + 1)
        if turn:
            broken.append((R.OUT_OF_TURN, turn))
        if trick.first:
            broken.append((R.FALSE_BREAK, f"nobody may {action} in trick 1 (first_trick=waste)"))
        elif hand.has_suit(trick.led):
            broken.append((R.FALSE_BREAK, f"{self.name(seat)} {action}s while holding {trick.led.noun}, the suit led"))
        elif trump is not None and self.options.must_trump and hand.has_suit(trump):
            broken.append((R.FALSE_BREAK, f"{self.name(seat)} {action}s while holding a trump ({trump.noun})"))
        elif self.options.trump is Trump.DONKEY and trump is None:
            broken.append((R.FALSE_BREAK, f"{self.name(seat)} is the first void player and must play a card to fix trumps"))
        if broken:
            self._penalise(seat, None, broken, trick)
            return
        trick.acted.add(seat)
        if action == "break":
            trick.end, trick.offender = End.BREAK, seat
            self.phase = Phase.ENDED
        elif len(trick.acted) == len(trick.order):
            trick.end = End.FULL
            self.phase = Phase.ENDED

    # ------------------------------------------------------- end of a trick

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
            self.aside = trick.cards()
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
        # Steps 5 and 6.
        self._to_waste()
        self._open_window()

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

