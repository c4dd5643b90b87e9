"""The full rule path of a Getaway round, one move at a time: trick
numbers, plays, leads, breaks and skips, each checked against the rules
(getaway.md section 4), with the GW-4.1 penalty where the rules give one."""

from __future__ import annotations

from ...cards import Card
from ...findings import Penalty, Severity
from . import rules as R
from .between import Between
from .moves import Break, Draw, Move, Play, Skip, Take, TrickMark
from .options import DonkeyTrump, FirstTrick, FirstTrickOrder, Pickup, Trump
from .trick import ACE_OF_SPADES, End, Kind, Phase, Trick

__all__ = ["PlayRules"]

_PLAYING, _ENDED = Phase.PLAYING, Phase.ENDED


class PlayRules(Between):
    """A round's state with the full rule path for each move."""

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
        trick = Trick(self.trick_no, leader, self._order_from(leader), lead.suit, first)
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

    def _classify(self, seat: int, played: Card, trick: Trick) -> tuple[Kind | str, str]:
        """How a card counts in the trick, or the rule it breaks and why."""
        hand, led, trump, options = self.hands[seat], trick.led, self.trump, self.options
        if played.suit is led:
            return Kind.FOLLOW, ""
        if hand.suits[led.index]:
            return R.REVOKE, f"{self.name(seat)} plays {played} while holding {led.noun}, the suit led"
        if trump is not None and played.suit is trump:
            return Kind.TRUMP, ""
        if trump is not None and options.must_trump and hand.has_suit(trump):
            return R.FAILED_TO_TRUMP, f"{self.name(seat)} plays {played}, void in {led.noun} but holding a trump ({trump.noun})"
        if options.trump is Trump.DONKEY and trump is None:
            return Kind.FIX, ""
        if trick.first:
            return Kind.FREE, ""
        if options.pickup is Pickup.WINNER:
            return Kind.TOCHOO, ""
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
        if kind is Kind.FIX:  # GW-5.4, with the seed's reading by default (see DonkeyTrump)
            self.trump = trick.led if self.options.donkey_trump is DonkeyTrump.LED else played.suit
        self._put(seat, played, trick)
        if self.phase is Phase.OVER:
            return
        if kind is Kind.TOCHOO:
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
            trick.extra += ((seat, played),)
        penalty = Penalty(rule=R.PENALTY, player=self.players[seat], cards=tuple(c.token for c in trick.cards()),
                          leads=trick.number + 1)
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
