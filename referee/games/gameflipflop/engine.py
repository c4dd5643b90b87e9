"""Replaying one deal of Game, Flip, Flop (game-flip-flop.md sections 5 to 8).

`Deal` is a deterministic state machine over typed moves: `apply(move)`
checks one move, appends a finding for every rule it breaks and, when the
move is legal (or, under `on_illegal = continue`, physically possible), plays
it. It draws no card itself: a stock draw names its card and the engine only
checks that the card was still in the stock. Money is not its business; it
reports how the play ended and who holds flip and flop (`finish()`).

What it cannot do: it does not know the session (tiers, bankrolls, dealer
rotation); the caller passes who is eligible for flip and flop.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence, cast

from ...cards import ALL_CARDS, JOKER, Card, Suit
from ...core.state import Snapshot
from ...findings import Finding
from ...hand import Hand
from . import rules as R
from .batch import plain_run
from .endings import Ending, PlayResult, ShowWinner, decide
from .legal import Phase, Stage, census, legal_moves, lowest_dealt, table_data
from .melds import TableSpread, hand_total, kind_of, layoff_problem, low_rank, partner, spread_kind, spread_problem
from .moves import Declare, Discard, Draw, Drop, LayOff, Move, Show, Source, Spread
from .options import DeclareWindow, FlipFlopOptions, ShowMode, StockEnd

__all__ = ["Deal", "Phase", "Stage", "lowest_dealt"]

_NONE: tuple[Finding, ...] = ()  # a move that breaks no rule

Problem = tuple[str, str, int | None]  # (rule, message, offending seat or None for the mover)


# The members the per-move fast path compares with, as module globals: reading
# an enum member as a class attribute costs about 90 ns on CPython 3.11.
_PLAY, _HALTED, _START, _DRAWN, _STOCK = Phase.PLAY, Phase.HALTED, Stage.START, Stage.DRAWN, Source.STOCK
_PACK = set(ALL_CARDS)  # the 52 cards; a deal's stock is what its hands leave of them


class Deal:
    """One deal being replayed. Seats are indexes into `names` (the session's roster)."""

    def __init__(
        self,
        *,
        options: FlipFlopOptions,
        names: tuple[str, ...],
        order: Sequence[int],
        hands: Mapping[int, Sequence[Card]],
        flip_card: Card,
        eligible_flip: Iterable[int] | None = None,
        eligible_flop: Iterable[int] | None = None,
        deal: int = 1,
        pots: Mapping[str, Fraction] | None = None,
        start: Any = None,
    ) -> None:
        self.options = options
        self.names = names
        self.order = tuple(order)  # first player (dealer's left) ... dealer
        self.pos = {seat: i for i, seat in enumerate(self.order)}
        self.dealer = self.order[-1]
        self.deal = deal
        self.pots = dict(pots or {})
        self.dealt = {seat: tuple(hands[seat]) for seat in self.order}
        self.hands = {seat: Hand(hands[seat]) for seat in self.order}
        dealt_cards = {c for cards in self.dealt.values() for c in cards}
        self.stock: set[Card] = _PACK.difference(dealt_cards)
        self.pile: list[Card] = []
        self.spreads: dict[str, TableSpread] = {}
        self.on_table: dict[Card, str] = {}
        self.flip_card = flip_card
        self.flip_suit: Suit = cast(Suit, flip_card.suit)  # the deal checks refuse a joker flip card
        self.flop_suit: Suit = partner(self.flip_suit)
        self.eligible = {
            self.flip_suit: frozenset(self.order if eligible_flip is None else eligible_flip),
            self.flop_suit: frozenset(self.order if eligible_flop is None else eligible_flop),
        }
        self.lowest: dict[Suit, tuple[Card, int]] = {}
        if self.dealer in self.eligible[self.flip_suit]:
            self.lowest[self.flip_suit] = (flip_card, self.dealer)  # GFF-6.3, not a show (GFF-15.1)
        self.shown: set[tuple[int, Suit]] = set()
        self.show_moves = 0
        self.drawn: set[int] = set()
        self.dropped: int | None = None
        self.anyone_moved = False  # a draw or drop by anyone (declare_window = before_play)
        self.current = 0  # index into order
        self.stage = _START
        self.took: Card | None = None  # the card taken from the discard pile this turn
        self.last_discarder: int | None = None
        self.stock_turn = False  # the player on turn took the last stock card
        self.laid: dict[int, list[int]] = {seat: [] for seat in self.order}
        self.layoffs: dict[int, int] = {seat: 0 for seat in self.order}
        self.declared: dict[int, int] = {}
        self.phase = _PLAY
        self.ending: Ending | None = None
        self.actor: int | None = None
        self.ended_at: int | None = None  # index of the move at which the play ended
        self.queue: list[int] = []
        self.queue_pos: dict[int, int] = {}
        self.window = 0
        self.findings: list[Finding] = []
        self.illegal = False
        self.start = start  # the session's `DealStart` (antes, bankrolls, carried pots), for `show`
        self.applied = 0  # moves applied so far (the one being applied included)
        self.halted_at: int | None = None  # the move whose finding stopped the replay
        self.turns = 0  # turns begun, as `replay` numbers them (a run of moves by one seat in play)
        self.beat: int | None = None  # the seat whose turn is running (None: between turns, or play over)
        self.counted: list[tuple[int, Card, str]] = []  # shows that count: seat, card, pot

    @classmethod
    def at_position(
        cls,
        *,
        options: FlipFlopOptions,
        names: tuple[str, ...],
        order: Sequence[int],
        dealt: Mapping[int, Sequence[Card]],
        flip_card: Card,
        hands: Mapping[int, Sequence[Card]],
        stock: Iterable[Card],
        pile: Sequence[Card] = (),
        spreads: Sequence[tuple[str, int, Sequence[Card]]] = (),
        turn: int,
        stage: Stage = _START,
        drawn: Iterable[int] = (),
        shows: Mapping[Suit, tuple[Card, int]] | None = None,
        eligible_flip: Iterable[int] | None = None,
        eligible_flop: Iterable[int] | None = None,
        deal: int = 1,
    ) -> Deal:
        """A deal in mid-play (for scenarios that start mid-deal, and `show`):
        the dealt hands, then the position now. The caller keeps the 52 cards whole."""
        state = cls(options=options, names=names, order=order, hands=dealt, flip_card=flip_card,
                    eligible_flip=eligible_flip, eligible_flop=eligible_flop, deal=deal)
        state.hands = {seat: Hand(hands[seat]) for seat in state.order}
        state.stock = set(stock)
        state.pile = list(pile)
        for ident, owner, cards in spreads:
            cards = tuple(cards)
            state.spreads[ident] = TableSpread(ident, owner, spread_kind(cards), sorted(cards, key=low_rank))
            for c in cards:
                state.on_table[c] = ident
        state.current = state.pos[turn]
        state.stage = stage
        state.drawn = set(drawn)
        state.anyone_moved = bool(state.drawn)
        for suit, (card, seat) in (shows or {}).items():
            state.lowest[suit] = (card, seat)
            state.shown.add((seat, suit))
        return state

    # ----------------------------------------------------------------- helpers

    @property
    def turn(self) -> int:
        """The seat on turn."""
        return self.order[self.current]

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.names[seat]

    def _next(self, seat: int) -> int:
        return self.order[(self.pos[seat] + 1) % len(self.order)]

    def _in_window(self, seat: int) -> bool:
        """GFF-6.4: the start of his first turn, before his first draw or drop."""
        return (self.phase is _PLAY and seat == self.turn and self.stage is _START
                and seat not in self.drawn)

    def _post_window(self, seat: int) -> bool:
        """GFF-5.6, 6.9: his post-end window is still open (windows go in turn order)."""
        slot = self.queue_pos.get(seat)
        return slot is not None and slot >= self.window

    def _finding(self, rule: str, message: str, *, player: int | None, stops: bool) -> None:
        """A finding of the move being applied, by its index (the driver adds where it was written)."""
        self.findings.append(Finding(rule=rule, message=message, deal=self.deal, move=self.applied,
                                     player=None if player is None else self.names[player], stops_deal=stops))

    def _judge(self, move: Move, problems: list[Problem], *, possible: bool = True) -> bool:
        """Report every problem of `move`; True if the move is to be played."""
        if not problems:
            return True
        stop = self.options.stops
        suffix = "; replay stops" if stop else ""
        for rule, message, seat in problems:
            self._finding(rule, message + suffix, player=move.player if seat is None else seat, stops=True)
        self.illegal = True
        if stop or any(rule in R.DEFECT_RULES for rule, _, _ in problems):
            self.phase = _HALTED
            self.halted_at = self.applied
            return False
        return possible

    def _take_turn(self, seat: int) -> None:
        """Under on_illegal = continue, an action out of turn is played as the actor's turn."""
        if seat != self.turn:
            self.current = self.pos[seat]
            self.stage = _START
            self.took = None
            self.stock_turn = False

    def _end(self, kind: Ending, actor: int | None, *, here: bool = True) -> None:
        """The play ends (GFF-8.1), at the move being applied (`here`) or after the last
        one; post-end windows open for those who neither drew nor dropped."""
        self.phase = Phase.POST
        self.ending = kind
        self.actor = actor
        self.ended_at = self.applied if here else None
        self.queue = [s for s in self.order if s not in self.drawn and s != self.dropped]
        self.queue_pos = {s: i for i, s in enumerate(self.queue)}
        self.window = 0

    def _emptied(self, seat: int, move: Move, *, by_discard: bool) -> None:
        """GFF-7.12, 8.2, 8.3, 8.9: an empty hand ends the play, as a tunk out or going out."""
        laid = self.laid[seat]
        tunk = not by_discard and laid == [3, 3] and self.layoffs[seat] == 0
        self._end(Ending.TUNK if tunk else Ending.OUT, seat)

    def _where(self, card: Card) -> str:
        if card in self.on_table:
            return f"on the table in spread {self.on_table[card]}"
        if card in self.stock:
            return "in the stock"
        if card in self.pile:
            return "in the discard pile"
        for seat, hand in self.hands.items():
            if hand.has(card):
                return f"in {self.name(seat)}'s hand"
        return "nowhere in this deal"

    def _held(self, seat: int, cards: Iterable[Card], problems: list[Problem]) -> bool:
        """GFF-7.10, 7.15: every card must be in the actor's hand."""
        ok = True
        for c in cards:
            if self.hands[seat].has(c):
                continue
            ok = False
            if c in self.on_table:
                problems.append((R.TABLE_CARDS, f"{c} is on the table (spread {self.on_table[c]});"
                                 " table cards never go back or move", None))
            else:
                problems.append((R.NOT_THERE, f"{self.name(seat)} does not hold {c} (it is {self._where(c)})", None))
        return ok

    def _after_end(self, move: Move, problems: list[Problem]) -> None:
        assert self.ending is not None, "only once the play has ended"
        why = f"the play has already ended ({self.ending.value})"
        problems.append((R.AFTER_END, why, None))
        if self.ending is Ending.STOCK and isinstance(move, Draw):
            problems.append((R.STOCK_OVER, "the stock is exhausted: no one may draw again", None))

    def ends_before(self, move: Move) -> bool:
        """GFF-8.12 under stock_end = at_draw: the player who took the last stock card
        may still spread and lay off; any other event ends the play before it is judged."""
        return (self.phase is _PLAY and self.stock_turn and self.options.stock_end is StockEnd.AT_DRAW
                and not (isinstance(move, (Spread, LayOff)) and move.player == self.turn))

    # ------------------------------------------------------------ the events

    @property
    def stopped(self) -> bool:
        """A finding stopped the replay (the `State` protocol)."""
        return self.phase is _HALTED

    @property
    def over(self) -> bool:
        """The play and every post-end window are over: nothing more is legal."""
        return self.phase is Phase.POST and not self.legal_moves()

    def apply(self, move: Move) -> Sequence[Finding]:
        """Referee one move (the `State` protocol); the findings of this move.

        A draw or discard by the player on turn, at the right stage, of a card
        that is where it must be breaks no rule: it is played at once. Every
        other move goes through the full checks (`_apply_checked`).
        """
        self.applied += 1
        if self.phase is _PLAY and not self.stock_turn:
            if type(move) is Draw:
                if self._plain_draw(move):
                    return _NONE
            elif type(move) is Discard and self._plain_discard(move):
                return _NONE
        findings = self.findings
        before = len(findings)
        self._apply_checked(move)
        return findings[before:] if len(findings) != before else _NONE

    def run(self, moves: Sequence[Move]) -> list[Finding]:
        """Every move in turn, up to a stop (the `BatchState` fast path: `apply`
        without the driver's step per move); each finding's `move` is its index."""
        findings = self.findings
        before = len(findings)
        apply, count, i = self.apply, len(moves), 0
        while i < count:
            if self.phase is _PLAY and not self.stock_turn:
                i = plain_run(self, moves, i)  # the plain draws and discards from here on
                if i == count:
                    break
            if apply(moves[i]) and self.phase is _HALTED:
                break
            i += 1
        return findings[before:]

    def play_on(self) -> list[Move] | None:
        """The record stops here, in a deal still being played: the moves legal
        now, or None when nothing more is (the deal is then finished)."""
        return None if self.phase is _HALTED or not (legal := self.legal_moves()) else legal

    def _plain_draw(self, move: Draw) -> bool:
        """Play a draw that breaks no rule; False (nothing done) for any other draw."""
        seat, drawn = move.player, move.card
        if seat != self.order[self.current] or self.stage is not _START or drawn is JOKER:
            return False
        if move.source is _STOCK:
            stock = self.stock
            if drawn not in stock:
                return False
            stock.remove(drawn)
            if not stock:
                self.stock_turn = True
        else:
            pile = self.pile
            if not pile or pile[-1] is not drawn:
                return False
            pile.pop()
            self.took = drawn
        self.hands[seat].add(drawn)
        self.drawn.add(seat)
        self.anyone_moved = True
        self.stage = _DRAWN
        if self.beat != seat:
            self.turns += 1
            self.beat = seat
        return True

    def _plain_discard(self, move: Discard) -> bool:
        """Play a discard that breaks no rule and neither empties the hand nor ends
        the stock; False (nothing done) for any other discard."""
        seat, card = move.player, move.card
        if seat != self.order[self.current] or self.stage is not _DRAWN or card is JOKER:
            return False
        hand = self.hands[seat]
        if hand.size < 2 or card not in hand.counts or (card is self.took and not self.options.retake_discard):
            return False
        hand.remove(card)
        self.pile.append(card)
        self.last_discarder = seat
        self.current = (self.current + 1) % len(self.order)
        self.stage = _START
        self.took = None
        if self.beat != seat:
            self.turns += 1
        self.beat = None
        return True

    def _apply_checked(self, move: Move) -> None:
        """Referee one move with every check, and keep count of the turns."""
        if self.phase is _HALTED:
            return
        if self.ends_before(move):
            self.beat = None
            self._end(Ending.STOCK, self.turn)  # GFF-8.12: the play ends at this event
        playing = self.phase is _PLAY
        self._referee(move)
        if self.phase is _HALTED:
            return
        seat = move.player
        if playing and self.beat != seat:
            self.turns += 1  # a move in play by another seat than the last begins a turn
        self.beat = seat if playing and self.phase is _PLAY and self.turn == seat else None

    def _referee(self, move: Move) -> None:
        if move.player not in self.pos:
            self._judge(move, [(R.ELIMINATED, f"{self.name(move.player)} is not dealt in this deal", None)],
                        possible=False)
            return
        named = _cards_of(move)
        if JOKER in named:
            self._judge(move, [(R.NOT_IN_PACK, "JK: the game is played without jokers", None)], possible=False)
            return
        match move:
            case Show():
                self._on_show(move)
            case Declare():
                self._on_declare(move)
            case Drop():
                self._on_drop(move)
            case Draw():
                self._on_draw(move)
            case Spread():
                self._on_spread(move)
            case LayOff():
                self._on_layoff(move)
            case Discard():
                self._on_discard(move)

    def _on_show(self, move: Show) -> None:
        seat, shown = move.player, move.card
        self.show_moves += 1
        problems: list[Problem] = []
        held = self._held(seat, (shown,), problems)
        if self.options.flip_flop_show is ShowMode.AUTOMATIC:
            self._judge(move, problems, possible=held)  # GFF-6.14: checked only against GFF-7.15
            return
        suit = cast(Suit, shown.suit)  # a joker was refused before (_referee)
        post = self.phase is Phase.POST
        if post:
            if not self._post_window(seat):
                problems.append((R.SHOW_WINDOW, f"{self.name(seat)}'s post-end window is closed or never came", None))
        elif not self._in_window(seat):
            if seat == self.dealer and suit is self.flop_suit and seat not in self.drawn:
                problems.append((R.DEALER_FLOP_EARLY, "the dealer shows flop only in his own window", None))
            else:
                problems.append((R.SHOW_WINDOW, f"{self.name(seat)} may show only at the start of his first turn,"
                                 " before drawing", None))
        if suit is not self.flip_suit and suit is not self.flop_suit:
            problems.append((R.SHOW_INVALID, f"{shown} is neither flip ({self.flip_suit.noun}) nor flop"
                             f" ({self.flop_suit.noun})", None))
        else:
            if seat not in self.eligible[suit]:
                pot = "flip" if suit is self.flip_suit else "flop"
                problems.append((R.SHOW_INELIGIBLE, f"{self.name(seat)} did not ante into {pot} this deal", None))
            if (seat, suit) in self.shown:
                problems.append((R.SHOW_INVALID, f"{self.name(seat)} has already shown a {suit.noun[:-1]}", None))
            best = self.lowest.get(suit)
            if best is not None and low_rank(shown) >= low_rank(best[0]):
                problems.append((R.SHOW_INVALID, f"{shown} does not beat {best[0]}, the lowest shown", None))
        if problems:
            self._judge(move, problems, possible=False)  # an invalid show counts for nothing
            if post and self.phase is Phase.POST:
                self.window = max(self.window, self.queue_pos.get(seat, self.window))
            return
        self.lowest[suit] = (shown, seat)
        self.shown.add((seat, suit))
        self.counted.append((seat, shown, "flip" if suit is self.flip_suit else "flop"))
        if post:
            self.window = self.queue_pos[seat]

    def _on_declare(self, move: Declare) -> None:
        seat = move.player
        problems: list[Problem] = []
        if not self.options.allow_49_50:
            problems.append((R.DECLARE_OFF, "49/50 may not be declared (allow_49_50 = off)", None))
        if self.phase is Phase.POST:
            assert self.ending is not None, "the play has ended"
            if self.ending is not Ending.DECLARATION:
                problems.append((R.DECLARE_AFTER_END, f"after a {self.ending.value} ending the windows allow"
                                 " shows only", None))
            elif not self._post_window(seat):
                problems.append((R.DECLARE_WINDOW, f"{self.name(seat)}'s post-declaration window is closed", None))
        elif seat in self.drawn:
            problems.append((R.DECLARE_WINDOW, f"{self.name(seat)} has already drawn", None))
            problems.append((R.DECLARE_NOT_DEALT, "only the five dealt cards count; he has drawn", None))
        elif self.options.declare_window is DeclareWindow.FIRST_TURN:
            if not self._in_window(seat):
                problems.append((R.DECLARE_WINDOW, f"{self.name(seat)} may declare only at the start of his"
                                 " first turn", None))
        elif self.anyone_moved:
            problems.append((R.DECLARE_WINDOW, "someone has already drawn or dropped (declare_window ="
                             " before_play)", None))
        if seat in self.declared:
            problems.append((R.DECLARE_WINDOW, f"{self.name(seat)} has already declared", None))
        actual = hand_total(self.dealt[seat])
        if actual not in (49, 50):
            problems.append((R.DECLARE_TOTAL, f"{self.name(seat)}'s dealt five total {actual}, not 49 or 50", None))
        if not self._judge(move, problems, possible=False):
            return
        if move.number != actual:  # GFF-5.4, 15.3: a claim mismatch; the cards decide
            self._finding(R.DECLARE_TOTAL, f"{self.name(seat)} declared {move.number}, but his dealt five"
                          f" total {actual}; settled on {actual}", player=seat, stops=False)
        self.declared[seat] = actual
        if self.phase is _PLAY:
            self._end(Ending.DECLARATION, seat)  # windows start again from the first player
        else:
            self.window = self.queue_pos[seat]

    def _on_drop(self, move: Drop) -> None:
        seat = move.player
        problems: list[Problem] = []
        if self.phase is not _PLAY:
            self._after_end(move, problems)
            self._judge(move, problems, possible=False)
            return
        if seat != self.turn:
            problems.append((R.OUT_OF_TURN, f"{self.name(self.turn)} is on turn, not {self.name(seat)}", None))
        elif self.stage is _DRAWN:
            problems.append((R.DROP_LATE, f"{self.name(seat)} has drawn this turn; a drop comes instead of the"
                             " draw", None))
        if not self.options.allow_drop:
            problems.append((R.DROP_OFF, "dropping is not allowed (allow_drop = off)", None))
        if not self._judge(move, problems):
            return
        self._take_turn(seat)
        self.dropped = seat
        self.anyone_moved = True
        self._end(Ending.DROP, seat)

    def _turn_problems(self, move: Move, problems: list[Problem]) -> None:
        """GFF-7.11, 7.13: a draw or discard by someone not on turn."""
        seat, on_turn = move.player, self.turn
        if seat == on_turn:
            return
        if isinstance(move, Discard) and seat == self.last_discarder and self.stage is _START:
            problems.append((R.DISCARD, f"{self.name(seat)} has already discarded this turn", None))
        elif (isinstance(move, Draw) and self.stage is _DRAWN and seat == self._next(on_turn)
              and len(self.hands[on_turn])):
            problems.append((R.DISCARD, f"{self.name(on_turn)} ended his turn without discarding", on_turn))
        else:
            problems.append((R.OUT_OF_TURN, f"{self.name(on_turn)} is on turn, not {self.name(seat)}", None))

    def _on_draw(self, move: Draw) -> None:
        seat, drawn = move.player, move.card
        problems: list[Problem] = []
        if self.phase is not _PLAY:
            self._after_end(move, problems)
            self._judge(move, problems, possible=False)
            return
        self._turn_problems(move, problems)
        if seat == self.turn and self.stage is _DRAWN:
            problems.append((R.DRAW, f"{self.name(seat)} has already drawn this turn", None))
        possible = True
        if move.source is Source.STOCK:
            if drawn not in self.stock:
                problems.append((R.DRAW, f"{drawn} is not in the stock (it is {self._where(drawn)})", None))
                possible = False
        elif not self.pile:
            problems.append((R.EMPTY_DISCARD, "the discard pile is empty", None))
            possible = False
        elif self.pile[-1] is not drawn:
            problems.append((R.DRAW, f"{drawn} is not the top discard ({self.pile[-1]} is)", None))
            possible = False
        if not self._judge(move, problems, possible=possible):
            return
        self._take_turn(seat)
        if move.source is Source.STOCK:
            self.stock.discard(drawn)
            if not self.stock:
                self.stock_turn = True
        else:
            self.pile.pop()
            self.took = drawn
        self.hands[seat].add(drawn)
        self.drawn.add(seat)
        self.anyone_moved = True
        self.stage = _DRAWN

    def _meld_problems(self, move: Move, problems: list[Problem]) -> bool:
        """GFF-7.5, 7.13, 8.1 for a spread or lay-off; False if the play is over."""
        seat = move.player
        if self.phase is not _PLAY:
            if seat == self.dropped:
                problems.append((R.MELD_TIMING, f"{self.name(seat)} dropped: no spreads or lay-offs on a drop"
                                 " turn", None))
            else:
                self._after_end(move, problems)
            return False
        if seat != self.turn:
            if seat == self.last_discarder and self.stage is _START:
                problems.append((R.MELD_TIMING, f"{self.name(seat)} has discarded; his turn is over", None))
            else:
                problems.append((R.OUT_OF_TURN, f"{self.name(self.turn)} is on turn, not {self.name(seat)}", None))
        elif self.stage is _START:
            problems.append((R.MELD_TIMING, f"{self.name(seat)} must draw before spreading or laying off", None))
        return True

    def _on_spread(self, move: Spread) -> None:
        seat, cards = move.player, move.cards
        problems: list[Problem] = []
        if not self._meld_problems(move, problems):
            self._judge(move, problems, possible=False)
            return
        possible = True
        bad = None
        if move.spread in self.spreads:
            problems.append((R.EVENTS, f"spread identifier {move.spread} is already used in this deal", None))
            possible = False
        if len(set(cards)) != len(cards):
            problems.append((R.CARD_TWICE, "the same card twice in one spread", None))
            possible = False
        elif not self._held(seat, cards, problems):
            possible = False
        else:
            bad = spread_problem(cards)
            if bad is not None:
                problems.append((bad[0], f"{' '.join(c.token for c in cards)}: {bad[1]}", None))
        if not self._judge(move, problems, possible=possible):
            return
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
            self.on_table[c] = move.spread
        self.spreads[move.spread] = TableSpread(move.spread, seat, kind_of(cards, bad), sorted(cards, key=low_rank))
        self.laid[seat].append(len(cards))
        if not len(hand):
            self._emptied(seat, move, by_discard=False)

    def _on_layoff(self, move: LayOff) -> None:
        seat, card = move.player, move.card
        problems: list[Problem] = []
        if not self._meld_problems(move, problems):
            self._judge(move, problems, possible=False)
            return
        target = self.spreads.get(move.spread)
        possible = self._held(seat, (card,), problems)
        if target is None:
            problems.append((R.NOT_THERE, f"no spread {move.spread} on the table", None))
            possible = False
        elif possible:
            why = layoff_problem(card, target)
            if why is not None:
                problems.append((R.BAD_LAYOFF, why, None))
        if not self._judge(move, problems, possible=possible) or target is None:  # no spread: not possible
            return
        self.hands[seat].remove(card)
        target.cards.append(card)
        target.cards.sort(key=low_rank)
        self.on_table[card] = target.ident
        self.layoffs[seat] += 1
        if not len(self.hands[seat]):
            self._emptied(seat, move, by_discard=False)

    def _on_discard(self, move: Discard) -> None:
        seat, card = move.player, move.card
        problems: list[Problem] = []
        if self.phase is not _PLAY:
            if (self.ending is Ending.STOCK and self.ended_at == self.applied and seat == self.actor):
                problems.append((R.STOCK_DISCARD, f"{self.name(seat)} took the last stock card: no discard"
                                 " (stock_end = at_draw)", None))
            else:
                self._after_end(move, problems)
                if self.ending in (Ending.OUT, Ending.TUNK) and seat == self.actor:
                    problems.append((R.DISCARD, f"{self.name(seat)} has emptied his hand: nothing to discard",
                                     None))
            self._judge(move, problems, possible=False)
            return
        self._turn_problems(move, problems)
        if seat == self.turn and self.stage is _START:
            problems.append((R.DRAW, f"{self.name(seat)} discards without having drawn or dropped", None))
        possible = self._held(seat, (card,), problems)
        if not self.options.retake_discard and card is self.took and seat == self.turn:
            problems.append((R.RETAKE, f"{card} was taken from the discard pile this turn (retake_discard ="
                             " forbidden)", None))
        if not self._judge(move, problems, possible=possible):
            return
        self._take_turn(seat)
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        self.last_discarder = seat
        if not len(hand):
            self._emptied(seat, move, by_discard=True)
        elif self.stock_turn:
            self._end(Ending.STOCK, seat)  # GFF-8.12, stock_end = after_discard
        else:
            self.current = (self.current + 1) % len(self.order)
            self.stage = _START
            self.took = None

    # ------------------------------------------------------------ the result

    def conclude(self) -> None:
        """Under stock_end = at_draw, end the last stock turn where no further event
        ends it (used by `finish()` and by generators)."""
        if self.phase is _PLAY and self.stock_turn and self.options.stock_end is StockEnd.AT_DRAW:
            self._end(Ending.STOCK, self.turn, here=False)

    def finish(self) -> list[Finding]:
        """The record of the deal ends here (the `State` protocol): a last stock
        turn under stock_end = at_draw ends the play; a play that has not
        ended cannot be settled (GFF-14.3). The findings."""
        self.conclude()
        if self.phase is not _PLAY:
            return []
        found = Finding(rule=R.EVENTS, message="the recorded events end before the play has ended; the deal cannot"
                        " be settled", deal=self.deal, stops_deal=True)
        self.findings.append(found)
        self.phase = _HALTED
        return [found]

    def result(self) -> PlayResult:
        """How the play ended and who holds flip and flop (not settled unless it has ended)."""
        if self.phase is not Phase.POST:
            return PlayResult(settled=False, illegal=self.illegal)
        totals = {seat: hand_total(self.hands[seat]) for seat in self.order}
        assert self.ending is not None, "the play has ended"
        ending, winners = decide(self.ending, actor=self.actor, totals=totals, order=self.order,
                                 declarers=self.declared)
        return PlayResult(
            settled=True, ending=ending, actor=self.actor, totals=totals, game_winners=winners,
            declarers=dict(self.declared), flip=self._winner(self.flip_suit), flop=self._winner(self.flop_suit),
            illegal=self.illegal,
        )

    def close(self) -> PlayResult:
        """`finish()`, then the `result()` (for tests and generators)."""
        self.finish()
        return self.result()

    def to_play(self) -> tuple[int, ...]:
        """The seats that may act now (GFF-7.13), as `show` names them: in play
        the player on turn first, then anyone else with a legal move (a
        declaration under declare_window = before_play, GFF-5.2); after the play
        has ended, those whose post-end window is open and who still have a
        show or a declaration to make (GFF-5.6, 6.9), in turn order. None when
        nothing is legal (`over`) or the replay stopped."""
        if self.phase is _PLAY:
            return tuple(dict.fromkeys([self.turn, *(m.player for m in self.legal_moves())]))
        if self.phase is Phase.POST:
            return tuple(dict.fromkeys(m.player for m in self.legal_moves()))
        return ()

    def _winner(self, suit: Suit) -> ShowWinner:
        """GFF-6.2, 6.14, 15.8: who takes the pot of `suit`."""
        explicit = self.options.flip_flop_show is ShowMode.EXPLICIT
        if explicit and self.show_moves:
            best = self.lowest.get(suit)
            return ShowWinner(best[1], best[0], "shown") if best else ShowWinner(None, None, "shown")
        seat, card = lowest_dealt(self.dealt, suit, self.eligible[suit], self.order)
        return ShowWinner(seat, card, "derived" if explicit else "automatic")

    # ------------------------------------------------- what may happen next

    def legal_moves(self) -> list[Move]:
        """Every move that breaks no rule now (legal.py)."""
        return legal_moves(self)

    def census(self) -> Counter[Card]:
        """Every card of the deal, wherever it is (for conservation checks)."""
        return census(self)

    def table_data(self) -> dict[str, Any]:
        """The visible position as plain data (the data `show` starts from)."""
        return table_data(self)

    def snapshot(self, *, hide_hands: bool) -> Snapshot:
        """The table now, for `show` (the `State` protocol; views.py writes it)."""
        from .views import snapshot

        return snapshot(self, hide_hands=hide_hands)


def _cards_of(move: Move) -> tuple[Card, ...]:
    if isinstance(move, Spread):
        return move.cards
    card = getattr(move, "card", None)
    return (card,) if card is not None else ()
