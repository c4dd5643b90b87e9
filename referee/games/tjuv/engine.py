"""Replaying one deal of Tjuv (tjuv.md sections 3 and 4).

`TjuvDeal` is a deterministic state machine (a core `State`). `apply(move)`
checks one typed move, returns a finding for every rule it breaks, and
applies it as recorded; `finish()` closes the deal when the moves run out.
It does no I/O and draws no card itself: draws and turns are events that
name their card, or take the top of a recorded talon. Its findings carry
the deal and the index of the move they belong to; the driver adds the
line and column from the deal record.

A turn is step 1 (play), step 2 (draw) and step 3 (refill rounds). Turns are
closed lazily: what a turn left undone (TJ-3.12, TJ-3.13, TJ-3.14, TJ-3.19)
is reported at the event that shows it, i.e. the next player's play or the
end of the moves, in the name of the player whose turn it was.

Under on_violation=stop the replay ends after the first move with a
finding; under continue it goes on, except after an impossible action
(TJ-4.3: a card moved from where it is not) or missing data (TJ-10.7).
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import replace
from typing import Any, Iterable, Sequence

from ...cards import Card, format_cards
from ...core.state import Snapshot
from ...findings import Finding, Severity
from ...frozen import frozen
from ...hand import Hand
from . import rules as R
from .batch import run as run_moves
from .deal import TJUV_PACK, StartingPosition, in_pack
from .legal import LegalMoves, draws, plays, refills
from .moves import Draw, Move, Pass, Place, Play, Turn
from .options import StealMode, TjuvOptions
from .piles import Pile
from .talon import Talon, TalonIssue
from .turn import HAND_SIZE, TABLE_SIZE
from .turn import TurnState as _TurnState

__all__ = ["TjuvDeal", "DealResult", "Step", "HAND_SIZE", "TABLE_SIZE"]

_PACK = frozenset(TJUV_PACK)


class Step(enum.Enum):
    PLAY = "play"
    DRAW = "draw"
    REFILL = "refill"
    OVER = "over"
    STOPPED = "stopped"


@frozen(slots=True)
class DealResult:
    """How the deal ended, as far as the replay could tell."""

    settled: bool  # the deal reached its end and the replay was not stopped
    counts: tuple[int, ...] | None
    sweep: Pile | None
    last_player: int | None


class TjuvDeal:
    """One deal of Tjuv being replayed."""

    def __init__(
        self,
        *,
        options: TjuvOptions,
        players: tuple[str, ...],
        dealer: int,
        hands: Sequence[Iterable[Card]],
        table: Iterable[Card],
        talon: Talon,
        piles: Iterable[Pile] = (),
        mover: int | None = None,
        deal: int = 1,
    ) -> None:
        self.options = options
        self.players = players
        self.n = len(players)
        self.dealer = dealer
        self.deal = deal
        self.hands = list(map(Hand, hands))
        self.table: list[Card] = list(table)
        self.talon = talon
        self.piles: dict[Card, Pile] = {p.top: p for p in piles} if piles else {}  # (a deal opens with none)
        # the table cards and the piles by suit (S, H, D, C, and a joker's
        # suit_index -1 last), in the order of `table` and `piles`, so that a
        # play looks only at its own suit (TJ-3.3, TJ-3.6)
        self._table_suits: tuple[list[Card], ...] = ([], [], [], [], [])
        for card in self.table:
            self._table_suits[card.suit_index].append(card)
        self._pile_suits: tuple[dict[Card, Pile], ...] = ({}, {}, {}, {}, {})
        for pile in self.piles.values():
            self._pile_suits[pile.top.suit_index][pile.top] = pile
        self._stops = options.stops
        self._from_hand = options.from_hand
        self._mandatory = options.steal_mode is StealMode.MANDATORY
        self.turn = _TurnState(mover=(dealer + 1) % self.n if mover is None else mover)
        self.last_player: int | None = None
        self.swept: Pile | None = None
        self.over = False
        self.stopped = False
        self.findings: list[Finding] = []
        self._index: int | None = None  # the 1-based index of the last move applied
        self.turns = 0  # plays (and passes) applied: the turns begun
        self._move_start = 0
        self._errors = 0

    @classmethod
    def from_start(cls, *, options: TjuvOptions, players: tuple[str, ...], start: StartingPosition,
                   deal: int = 1) -> TjuvDeal:
        """The deal at its starting position (TJ-2.13)."""
        return cls(options=options, players=players, dealer=start.dealer, hands=start.hands, table=start.table,
                   talon=start.talon(), deal=deal)

    @classmethod
    def at_position(
        cls,
        *,
        options: TjuvOptions,
        players: tuple[str, ...],
        mover: int,
        hands: Sequence[Iterable[Card]],
        table: Iterable[Card],
        talon: Sequence[Card] | Talon = (),
        piles: Iterable[tuple[int, Sequence[Card]]] = (),
        dealer: int | None = None,
        deal: int = 1,
    ) -> TjuvDeal:
        """A position in mid-deal with `mover` about to play (TJ-11.1: for the
        scenarios that are positions, and for `show`). A talon given as a list
        is its known order, top first; piles are (owner, cards, top first)."""
        built = [Pile(owner=owner, top=cards[0], cards=tuple(cards)) for owner, cards in piles]
        return cls(options=options, players=players, dealer=(mover - 1) % len(players) if dealer is None else dealer,
                   hands=hands, table=table, talon=talon if isinstance(talon, Talon) else Talon(order=talon),
                   piles=built, mover=mover, deal=deal)

    # ----------------------------------------------------------------- helpers

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.players[seat]

    def _report(self, rule: str, message: str, *, player: int | None = None, stops: bool = False,
                severity: Severity = Severity.ERROR) -> None:
        """A finding at the current move (or, before any, at the moves key);
        one per rule and move (messages join)."""
        for i in range(self._move_start, len(self.findings)):
            old = self.findings[i]
            if old.rule == rule and old.severity is severity:
                self.findings[i] = replace(old, message=f"{old.message}; {message}", stops_deal=old.stops_deal or stops)
                return
        self.findings.append(Finding(
            rule=rule, message=message, deal=self.deal, move=self._index,
            player=None if player is None else self.players[player], severity=severity, stops_deal=stops,
        ))
        if severity is Severity.ERROR:
            self._errors += 1
            if player is not None and player == self.turn.mover:
                self.turn.flagged = True

    def _halt(self, rule: str, message: str, *, player: int | None = None) -> None:
        """An impossible action or missing data (TJ-4.3, TJ-10.7): report and stop."""
        self._report(rule, f"{message}; replay of this deal stops", player=player, stops=True)
        self.stopped = True

    def refill_required(self) -> bool:
        """TJ-3.13: fewer than 3 table cards and a talon that is not empty."""
        return len(self.table) < TABLE_SIZE and self.talon.size > 0

    def _turn_complete(self) -> bool:
        turn = self.turn
        if turn.passed:
            return True
        return (turn.played and not turn.draw_due and not (turn.place_open and turn.place_required)
                and not self.refill_required())

    def _next_seat(self, seat: int) -> int | None:
        """The next player clockwise who holds cards (TJ-3.1; TJ-4.5)."""
        hands, n = self.hands, self.n
        for k in range(1, n + 1):
            other = (seat + k) % n
            if hands[other].size:
                return other
        return None

    def capture_set(self, card: Card) -> list[Card]:
        """TJ-3.3: every table card of the played card's suit and lower rank
        (in table order)."""
        if card.suit_index < 0:
            return []
        rank = card.rank
        return [c for c in self._table_suits[card.suit_index] if c.rank < rank]

    def eligible(self, seat: int, card: Card) -> list[Pile]:
        """TJ-3.6: opponents' piles topped by a lower card of the same suit."""
        if card.suit_index < 0:
            return []
        rank = card.rank
        return [p for p in self._pile_suits[card.suit_index].values()
                if p.owner != seat and not p.sweep and p.top.rank < rank]

    def _table_add(self, card: Card) -> None:
        self.table.append(card)
        self._table_suits[card.suit_index].append(card)

    def _table_take(self, card: Card) -> None:
        self.table.remove(card)
        self._table_suits[card.suit_index].remove(card)

    def _pile_add(self, pile: Pile) -> None:
        self.piles[pile.top] = pile
        self._pile_suits[pile.top.suit_index][pile.top] = pile

    def _pile_take(self, pile: Pile) -> None:
        del self.piles[pile.top]
        del self._pile_suits[pile.top.suit_index][pile.top]

    # ------------------------------------------------------------- the events

    def apply(self, move: Move, index: int | None = None) -> list[Finding]:
        """Referee one move (the `State` protocol); its findings, stamped as
        the `index`-th move of the deal (by default the one after the last)."""
        if self.stopped:
            return []
        self._index = index if index is not None else (self._index or 0) + 1
        start = self._move_start = len(self.findings)
        self._apply(move)
        return self.findings[start:]

    def run(self, moves: Sequence[Move]) -> list[Finding]:
        """Every move in turn, up to a stop, on a deal just opened (the
        `BatchState` fast path, batch.py): the same as `apply` on each."""
        return run_moves(self, moves)

    def _apply(self, move: Move) -> None:
        errors_before = self._errors
        if isinstance(move, (Play, Pass)):
            self.turns += 1
        if self.over:
            self._halt(R.SEQUENCE, f"{self.name(move.player)} acts after the deal has ended", player=move.player)
            return
        named = _cards_of(move)
        if not _PACK.issuperset(named):
            foreign = format_cards(c for c in named if not in_pack(c))
            self._halt(R.PACK, f"{foreign} is not a card of Tjuv's 36-card pack", player=move.player)
            return
        if isinstance(move, (Play, Pass)):
            self._on_play(move)
        elif isinstance(move, Draw):
            self._on_draw(move)
        elif isinstance(move, (Place, Turn)):
            self._on_refill(move)
        if not self.stopped and not self.hands[self.turn.mover].size:
            self._check_over()
        if self._errors > errors_before and self._stops:
            self._stop_here()

    def _stop_here(self) -> None:
        for i in range(self._move_start, len(self.findings)):
            if self.findings[i].is_error:
                self.findings[i] = replace(self.findings[i], stops_deal=True)
        self.stopped = True

    def finish(self) -> list[Finding]:
        """The moves have run out: close the last turn; a deal that has not
        ended is TJ-3.17. The findings, at the last move applied (at the
        moves key when none was)."""
        start = len(self.findings)
        if not self.stopped and not self.over:
            self._move_start = start
            errors_before = self._errors
            self._close_turn()
            if self._errors > errors_before and self._stops:
                self._stop_here()
            elif all(h.size == 0 for h in self.hands):
                self._end_deal()
            else:
                holding = ", ".join(f"{self.players[s]} {h.size}" for s, h in enumerate(self.hands) if h.size)
                self._halt(R.END_OF_PLAY, f"the record ends while cards are still held ({holding})")
        return self.findings[start:]

    def close(self) -> DealResult:
        """`finish()`, then the `result()` (for tests and views)."""
        self.finish()
        return self.result()

    def play_on(self) -> LegalMoves | None:
        """The record stops here in a deal still being played: the turn in
        progress stays open (what it leaves undone is judged when it is
        closed); the legal moves now, None when the deal is over or can go
        no further."""
        return None if self.over or not (legal := self.legal_moves()) else legal

    def result(self) -> DealResult:
        settled = self.over and not self.stopped
        counts = self.counts() if settled else None
        return DealResult(settled, counts, self.swept, self.last_player)  # (by position: a keyword costs more)

    def counts(self) -> tuple[int, ...]:
        """TJ-5.1: cards in each player's piles, the sweep included."""
        totals = [0] * self.n
        for pile in self.piles.values():
            totals[pile.owner] += len(pile.cards)  # (pile.size)
        if self.swept is not None:
            totals[self.swept.owner] += self.swept.size
        return tuple(totals)

    # ------------------------------------------------------------ turn order

    def _begin_turn(self, move: Move) -> _TurnState:
        """Whose turn a play (or pass) opens: closes the previous turn and
        checks the order (TJ-3.1)."""
        seat, turn = move.player, self.turn
        if turn.played or turn.passed:
            self._close_turn()
            expected = self._next_seat(turn.mover)
        else:
            expected = turn.mover
        if seat != expected:
            if turn.played and seat == turn.mover:
                why = f"{self.name(seat)} plays twice in a row; {self.name(expected)} is to play"
            elif self.last_player is None and not turn.played:
                why = (f"the first turn belongs to {self.name(expected)}, the dealer's left neighbour,"
                       f" not {self.name(seat)}")
            else:
                why = f"{self.name(expected)} is to play, not {self.name(seat)}"
            self._report(R.SEQUENCE, why, player=seat)
        if turn.played or turn.passed or seat != turn.mover:
            turn = self.turn = _TurnState(mover=seat, flagged=self._named_here(seat))
        return turn

    def _named_here(self, seat: int) -> bool:
        """Has an error finding of the current move named `seat`?"""
        findings = self.findings
        if len(findings) == self._move_start:
            return False
        name = self.players[seat]
        return any(findings[i].is_error and findings[i].player == name
                   for i in range(self._move_start, len(findings)))

    def _own_turn(self, move: Move, action: str) -> _TurnState | None:
        """The turn a draw or refill event belongs to; None (after a TJ-3.1
        finding) when the actor is not the mover."""
        seat, turn = move.player, self.turn
        if seat == turn.mover:
            return turn
        if self._turn_complete() and seat == self._next_seat(turn.mover):
            self._close_turn()
            turn = self.turn = _TurnState(mover=seat)
            return turn
        self._report(R.SEQUENCE, f"{self.name(seat)} {action} during {self.name(turn.mover)}'s turn", player=seat)
        return None

    def _close_turn(self) -> None:
        """What the turn left undone (TJ-3.12, TJ-3.14, TJ-3.13), and the hand
        limit as a backstop (TJ-3.19)."""
        turn = self.turn
        if turn.closed:
            return
        turn.closed = True
        mover = turn.mover
        if not turn.played:
            return
        if turn.draw_due:
            self._report(R.DRAW, f"{self.name(mover)} did not draw in step 2 although the talon had"
                         f" {turn.talon_at_draw} card(s)", player=mover)
        if turn.place_open and turn.place_required:
            self._report(R.REFILL_FROM_HAND, f"{self.name(mover)} placed a refill card without drawing the next"
                         " talon card", player=mover)
        elif self.refill_required():
            self._report(R.REFILL_NEEDED, f"{self.name(mover)} ended the turn with {len(self.table)} table card(s)"
                         f" and {self.talon.size} in the talon; the table must be refilled to 3", player=mover)
        size = self.hands[mover].size
        if not turn.flagged and (size > HAND_SIZE or (turn.talon_at_draw > 0 and size < HAND_SIZE)):
            self._report(R.HAND_LIMIT, f"{self.name(mover)} ends the turn holding {size} cards, not 3", player=mover)

    def _check_over(self) -> None:
        """Ends the deal when every hand is empty (TJ-3.17, TJ-11.10). A draw
        or refill the last turn would still owe (only after earlier
        violations: in legal play the talon is empty by then) is not due:
        acting after the end is TJ-3.1."""
        for hand in self.hands:  # (a loop: all() on a generator costs more)
            if hand.size:
                return
        if self._turn_complete():
            self._close_turn()
        else:
            self.turn.closed = True
        self._end_deal()

    def _end_deal(self) -> None:
        """TJ-3.17, TJ-3.18: the player of the last step-1 card sweeps the table."""
        self.over = True
        if self.table and self.last_player is not None:
            cards = tuple(self.table)
            self.swept = Pile(owner=self.last_player, top=cards[-1], cards=cards, sweep=True)
            self.table = []
            for suit in self._table_suits:
                suit.clear()

    # ----------------------------------------------------------------- step 1

    def _on_play(self, move: Play | Pass) -> None:
        turn = self._begin_turn(move)
        seat = move.player
        if isinstance(move, Pass) or not move.cards:
            self._report(R.SEQUENCE, f"{self.name(seat)} passes: no card is played in step 1; nobody may pass",
                         player=seat)
            turn.passed = True
            return
        if len(move.cards) > 1:
            self._halt(R.PLAY, f"{self.name(seat)} plays {len(move.cards)} cards; step 1 is exactly one card",
                       player=seat)
            return
        card, hand = move.cards[0], self.hands[seat]
        if not hand.has(card):
            self._halt(R.PLAY, f"{self.name(seat)} does not hold {card}", player=seat)
            return
        capture_set = self.capture_set(card)
        # the common legal play records nothing beyond its card and capture
        taken = capture_set if move.capture is None else self._recorded_capture(move, capture_set)
        if taken is None:
            return
        stolen: Sequence[Pile] = ()
        if move.steals is not None or self._mandatory:
            chosen = self._recorded_steals(move, card, captures=bool(capture_set))
            if chosen is None:
                return
            stolen = chosen
        merged: Sequence[Pile] = ()
        top = card
        if move.into is not None or move.top is not None:
            merged, top = self._pile_shape(move, card, taken=taken, stolen=stolen)
            if self.stopped:
                return
        hand.remove(card)
        turn.played = True
        self.last_player = seat
        for c in taken:
            self._table_take(c)
        if taken or stolen:
            cards = [card, *taken]
            for pile in (*stolen, *merged):
                self._pile_take(pile)
                cards.extend(pile.cards)
            if top is not card:
                cards.remove(top)
                cards.insert(0, top)
            self._pile_add(Pile(seat, top, tuple(cards)))
        else:
            self._table_add(card)
        size = self.talon.size
        if size and not turn.drew:
            turn.draw_due = True
            turn.talon_at_draw = size

    def _recorded_capture(self, move: Play, capture_set: list[Card]) -> Sequence[Card] | None:
        """TJ-3.3, TJ-3.4: the cards the play takes from the table (derived, or
        as recorded); None when a recorded card is not on the table."""
        recorded = move.capture
        if recorded is None:
            return capture_set
        if len(recorded) == len(capture_set) and set(recorded).issuperset(capture_set):
            return recorded  # the capture set, in the order written (every card is unique)
        seat, card = move.player, move.card
        assert card.suit is not None, "Tjuv's pack has no jokers"
        on_table = Counter(self.table)
        wrong, absent = [], []
        for c in recorded:
            if on_table[c]:
                on_table[c] -= 1
                if c not in capture_set:
                    wrong.append(c)
            else:
                absent.append(c)
        if wrong:
            self._report(R.CAPTURE_SET, f"{card} cannot capture {format_cards(wrong)} (only lower {card.suit.noun})",
                         player=seat)
        missing = [c for c in capture_set if c not in recorded]  # recorded is move.capture
        if missing:
            laid = " and is laid beside them" if not recorded else ""
            self._report(R.COMPULSORY, f"{card} must capture all lower {card.suit.noun} on the table;"
                         f" {format_cards(missing)} left{laid}", player=seat)
        if absent:
            self._halt(R.CAPTURE_SET, f"{format_cards(absent)} is not on the table", player=seat)
            return None
        return recorded

    def _recorded_steals(self, move: Play, card: Card, *, captures: bool) -> list[Pile] | None:
        """TJ-3.6 to TJ-3.10 in the order of TJ-11.2; None when a named pile
        cannot be taken at all."""
        seat = move.player
        if move.steals is None:
            return self.eligible(seat, card) if self._mandatory and captures else []
        eligible = self.eligible(seat, card) if captures else []
        chosen: list[Pile] = []
        for top in move.steals:
            pile = self.piles.get(top)
            if pile is None:
                inside = next((p for p in self.piles.values() if top in p.cards), None)
                if inside is not None:
                    self._halt(R.WHOLE_PILES, f"{top} lies under {inside.top} in {self.name(inside.owner)}'s pile;"
                               " only whole piles are taken, named by their top card", player=seat)
                else:
                    self._halt(R.ELIGIBLE, f"no pile is topped by {top}", player=seat)
                return None
            if pile in chosen:
                self._report(R.ELIGIBLE, f"the pile topped by {top} is named twice", player=seat)
                continue
            chosen.append(pile)
            if not captures:
                self._report(R.STEAL_NEEDS_CAPTURE, f"{card} captures nothing from the table, so it steals nothing"
                             f" (pile topped by {top})", player=seat)
            elif pile.owner == seat:
                self._report(R.OWN_PILE, f"{self.name(seat)} may not take their own pile (topped by {top})",
                             player=seat)
            elif pile.sweep or pile.top.suit is not card.suit or pile.top.rank >= card.rank:
                self._report(R.ELIGIBLE, f"the pile topped by {top} is not eligible for {card}"
                             " (a lower card of the same suit is needed)", player=seat)
        mode = self.options.steal_mode
        legal = sum(1 for p in chosen if p in eligible)
        if mode is StealMode.ALL_OR_NONE and 0 < legal < len(eligible):
            self._report(R.STEAL_MODE, f"steal_mode=all_or_none: all {len(eligible)} eligible piles or none,"
                         f" not {legal}", player=seat)
        elif mode is StealMode.MANDATORY and legal < len(eligible):
            left = format_cards(p.top for p in eligible if p not in chosen)
            self._report(R.STEAL_MODE, f"steal_mode=mandatory: every eligible pile must be taken; left: {left}",
                         player=seat)
        return chosen

    def _pile_shape(self, move: Play, card: Card, *, taken: Sequence[Card],
                    stolen: Sequence[Pile]) -> tuple[list[Pile], Card]:
        """TJ-3.11: a recorded merge into an existing pile, or a top card other
        than the played card; returns the piles merged in and the top card."""
        seat = move.player
        merged: list[Pile] = []
        top = card
        if move.into is not None:
            pile = self.piles.get(move.into)
            if pile is None or pile.owner != seat or pile in stolen:
                self._halt(R.NEW_PILE, f"the new pile is recorded as merged into a pile topped by {move.into},"
                           f" which {self.name(seat)} does not own", player=seat)
                return merged, top
            self._report(R.NEW_PILE, f"the new pile must stay separate; it is recorded as merged into the pile"
                         f" topped by {move.into}", player=seat)
            merged.append(pile)
        if move.top is not None and move.top is not card:
            inside = move.top in taken or any(move.top in p.cards for p in (*stolen, *merged))
            if not inside:
                self._halt(R.NEW_PILE, f"{move.top} is recorded on top of the new pile but is not in it",
                           player=seat)
                return merged, top
            self._report(R.NEW_PILE, f"the played card {card} goes on top of the new pile, not {move.top}",
                         player=seat)
            top = move.top
        return merged, top

    # ------------------------------------------------------- steps 2 and 3

    def _take(self, card: Card | None, *, rule: str, seat: int, what: str) -> Card | None:
        """A card from the talon, checked (TJ-2.12, TJ-3.12/TJ-3.15, TJ-10.7);
        None after an impossible take."""
        resolved, issues = self.talon.check(card)
        for issue in issues:
            if issue is TalonIssue.EMPTY:
                self._halt(rule, f"{self.name(seat)} {what} from an empty talon", player=seat)
            elif issue is TalonIssue.UNNAMED:
                self._halt(R.MISSING_DATA, f"{self.name(seat)} {what} a card that is not named, and the talon"
                           " order is not recorded", player=seat)
            elif issue is TalonIssue.ABSENT:
                self._halt(rule, f"{card} is not in the talon", player=seat)
            elif issue is TalonIssue.NOT_TOP:
                self._report(rule, f"{card} is not the top talon card ({self.talon.top()})", player=seat)
            elif issue is TalonIssue.REMOVED_EARLY:
                self._report(R.REMOVED_AT_BOTTOM, f"{card} was removed beneath the stock; it cannot be taken while"
                             " stock cards above it remain", player=seat)
        if resolved is None:
            return None
        self.talon.remove(resolved)
        return resolved

    def _on_draw(self, move: Draw) -> None:
        seat = move.player
        turn = self._own_turn(move, "draws")
        hand = self.hands[seat]
        if turn is not None:
            if turn.passed:
                self._report(R.SEQUENCE, f"{self.name(seat)} draws after passing", player=seat)
            elif not turn.played:
                self._report(R.SEQUENCE, f"{self.name(seat)} draws before playing", player=seat)
                if not turn.drew:
                    turn.drew = True
                    turn.talon_at_draw = self.talon.size
            elif turn.place_open:  # the draw of a refill placement (TJ-3.14), even one made before step 2
                turn.place_open = False
            elif turn.draw_due:
                turn.draw_due = False
                turn.drew = True
                if turn.refilled_early:  # TJ-11.9
                    self._report(R.SEQUENCE, f"{self.name(seat)} draws the step-2 card after the refill of the"
                                 " same turn", player=seat)
            elif self.talon.size:
                self._report(R.DRAW, f"{self.name(seat)} draws a card more than the rules allow", player=seat)
        drawn = self._take(move.card, rule=R.DRAW, seat=seat, what="draws")
        if drawn is not None:
            hand.add(drawn)

    def _on_refill(self, move: Place | Turn) -> None:
        """TJ-3.13 to TJ-3.15, checked in the order of TJ-11.3."""
        seat, placing = move.player, isinstance(move, Place)
        verb = "places" if placing else "turns"
        turn = self._own_turn(move, f"{verb} a card")
        own_rule = R.REFILL_FROM_HAND if self._from_hand else R.REFILL_FROM_TALON
        required = self.refill_required()
        if turn is not None:
            if turn.passed or not turn.played:
                self._report(R.SEQUENCE, f"{self.name(seat)} {verb} a refill card before playing", player=seat)
            elif turn.draw_due:
                # judged when the turn shows it (TJ-11.9): a step-2 draw after
                # this refill is TJ-3.1, none at all TJ-3.12
                turn.refilled_early = True
            if turn.place_open:
                if turn.place_required:
                    self._report(R.REFILL_FROM_HAND, f"{self.name(seat)} placed a refill card without drawing the"
                                 " next talon card", player=seat)
                turn.place_open = False
            required = self.refill_required()
            if not required:
                why = "the talon is empty" if not self.talon.size else f"the table holds {len(self.table)} cards"
                self._report(R.REFILL_NEEDED, f"no refill round is due ({why})", player=seat)
        if placing and not self._from_hand:
            self._report(R.REFILL_FROM_TALON, f"table_refill=from_talon: the table is refilled from the talon, not"
                         f" from {self.name(seat)}'s hand", player=seat)
        if not placing and self._from_hand:
            self._report(R.REFILL_FROM_HAND, f"table_refill=from_hand: {self.name(seat)} must place a card from the"
                         " hand and draw, not turn a talon card", player=seat)
        if move.capture or move.steals:
            what = "placed" if placing else "turned"
            self._report(own_rule, f"a {what} refill card captures and steals nothing", player=seat)
        if placing:
            if move.card is None:
                self._halt(R.MISSING_DATA, f"{self.name(seat)} places a card that is not named", player=seat)
                return
            if not self.hands[seat].has(move.card):
                self._halt(own_rule, f"{self.name(seat)} does not hold {move.card}", player=seat)
                return
            self.hands[seat].remove(move.card)
            self._table_add(move.card)
            if turn is not None and self._from_hand and self.talon.size:
                turn.place_open = True
                turn.place_required = required
            return
        turned = self._take(move.card, rule=R.REFILL_FROM_TALON, seat=seat, what="turns")
        if turned is not None:
            self._table_add(turned)

    # ------------------------------------------------------ for generators

    def census(self) -> Counter[Card]:
        """Every card of the deal, wherever it is (for conservation checks)."""
        total: Counter[Card] = Counter()
        for hand in self.hands:
            total.update(hand.counts)
        total.update(self.table)
        for pile in self.piles.values():
            total.update(pile.cards)
        if self.swept is not None:
            total.update(self.swept.cards)
        total.update(self.talon.cards())
        return total

    def to_play(self) -> tuple[int, ...]:
        """The seat that acts next (none when the deal is over or stopped)."""
        seat, _ = self.next_actor()
        return () if seat is None else (seat,)

    @property
    def step(self) -> Step:
        """The step the next event belongs to (OVER, STOPPED at the end)."""
        return self.next_actor()[1]

    def next_actor(self) -> tuple[int | None, Step]:
        """Who acts next and in which step."""
        if self.stopped:
            return None, Step.STOPPED
        if self.over:
            return None, Step.OVER
        turn = self.turn
        if self._turn_complete():
            return self._next_seat(turn.mover), Step.PLAY
        if not turn.played:
            return turn.mover, Step.PLAY
        if turn.draw_due or (turn.place_open and turn.place_required):
            return turn.mover, Step.DRAW
        return turn.mover, Step.REFILL

    def legal_moves(self) -> LegalMoves:
        """Every move that breaks no rule now, written out in full (what the
        simulator draws from and `show` lists; legal.py)."""
        seat, step = self.next_actor()
        if seat is None:
            return LegalMoves(self)
        if step is Step.PLAY:
            return LegalMoves(self, plays(self, seat))
        return LegalMoves(self, draws(self, seat) if step is Step.DRAW else refills(self, seat))

    def snapshot(self, *, hide_hands: bool) -> Snapshot:
        """The table now, for `show` (views.py writes it)."""
        from .views import snapshot

        return snapshot(self, hide_hands=hide_hands)

    def table_data(self) -> dict[str, Any]:
        """The position as plain data: hands, table, piles with owners, talon
        size, whose turn and which step."""
        seat, step = self.next_actor()
        data: dict[str, Any] = {
            "deal": self.deal,
            "dealer": self.players[self.dealer],
            "hands": {self.players[s]: [c.token for c in h.sorted()] for s, h in enumerate(self.hands)},
            "table": [c.token for c in self.table],
            "piles": [{"owner": self.players[p.owner], "top": p.top.token, "size": p.size,
                       "cards": [c.token for c in p.cards]} for p in self.piles.values()],
            "talon": self.talon.size,
            "to_move": None if seat is None else self.players[seat],
            "step": step.value,
        }
        if self.swept is not None:
            data["sweep"] = {"player": self.players[self.swept.owner], "cards": [c.token for c in self.swept.cards]}
        return data


def _cards_of(move: Move) -> tuple[Card, ...]:
    """Every card a move names: a play's cards, top and into, or the card of
    another event, then any capture and steals."""
    if isinstance(move, Play):
        found = move.cards
        if move.top is not None or move.into is not None:
            found += tuple(c for c in (move.top, move.into) if c is not None)
    elif isinstance(move, Draw):
        return () if move.card is None else (move.card,)
    elif isinstance(move, (Place, Turn)):
        found = () if move.card is None else (move.card,)
    else:
        return ()
    if move.capture:
        found += move.capture
    if move.steals:
        found += move.steals
    return found
