"""Replaying one game (deal) of Vazhushal (vazhushal.md sections 3 to 9).

`GameState` is a deterministic state machine and the game's `State`
(referee/core/state.py): `apply(move)` checks one typed move, records a
finding for every rule it breaks (at the move's 1-based index: moves carry
no position) and applies the move as recorded (VZ-9.1). A card that is not where the transcript says (VZ-9.3,
VZ-9.4) stops the game's replay. Rules that hold for a whole meld phase
(meld validity, the pure sequence, rearranging, the take) are judged when
the phase ends: at the discard, when the next player draws, or, for the
final phase, at the end of the moves. It does no I/O and draws no card
itself: draws are events that name their card.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Iterable, Sequence

from ...core.state import Snapshot

from ...cards import Card, format_cards
from ...findings import Finding
from ...frozen import frozen
from ...hand import sort_cards
from . import rules as R
from .batch import quick_draw, quick_take, quick_turn, take_tokens
from .deal import Setup, count_doubles
from .line import Line
from .melds import Placed, resolve
from .moves import Add, Declare, Discard, DrawLine, DrawStock, EndMark, Meld, Move, Overflow, Rearrange
from .options import TieRule, VazhushalOptions
from .status import End, GameResult, Hand, Phase
from .status import Ghost as _Ghost, copy_hand as _copy, signature as _signature
from .stock import DrawCheck, Stock
from .table import TableMeld, laid_meld
from .phase import phase_problems
from .takes import TakeFacts
from .turn import Turn
from .values import held_points, melds_points

__all__ = ["GameState", "Phase", "End", "GameResult", "Turn"]


_NONE: tuple[Finding, ...] = ()
# the phases as module constants: on Python 3.11 reading a member through its
# enum class (`Phase.DRAW`) goes through EnumType.__getattr__ and costs ten times
# as much as reading a global
_DRAW, _MELD, _FINAL, _OVER, _STOPPED = Phase.DRAW, Phase.MELD, Phase.FINAL, Phase.OVER, Phase.STOPPED


class GameState:
    """One game of Vazhushal being replayed. `ahead`: the deal's recorded
    moves, when it is replayed from a record: after a stop, VZ-5.2 is still
    told from the melds recorded after it (see `_stop`)."""

    def __init__(self, *, options: VazhushalOptions, players: tuple[str, ...], hands: Sequence[Iterable[Card]],
                 setup: Setup, dealer: int, deal: int = 1, ahead: Sequence[Move] | None = None) -> None:
        self.options = options
        self.players = players
        self.n = len(players)
        self.deal = deal
        self.dealer = dealer
        self.wild = setup.wild
        self.negative = setup.negative  # the face-up negative joker as the deal check read it
        self.hands: list[Counter[Card]] = []
        for cards in hands:  # `Hand(cards)` without Counter's Python-level __init__ (which only calls update)
            hand = Hand.__new__(Hand)
            Counter.update(hand, cards)
            self.hands.append(hand)
        self.dealt = [_copy(h) for h in self.hands]  # no zero counts yet: equal to Counter(h)
        self.melds: list[list[TableMeld]] = [[] for _ in players]
        self.line = Line([setup.first], bottom_joker=setup.bottom_joker, capacity=options.line_capacity,
                         overflow=options.line_overflow_card)
        drawable = options.negative_joker_drawable and setup.negative is not None
        self.stock = Stock.dealt(setup.stock, size=setup.stock_size, negative=setup.negative if drawable else None)
        self.shown_negative = None if drawable else setup.negative
        self.phase = _DRAW
        self.turn_player = (dealer + 1) % self.n
        self.first_turn = True
        self.forced_player: int | None = (dealer + 1) % self.n if setup.forced_take else None
        self.turn: Turn | None = None
        self.final_turns: dict[int, Turn] = {}
        self.exhausted = False
        self.end: End | None = None
        self.out_player: int | None = None
        self.incomplete = False
        self.last_overflow: Card | None = None
        self.last_discarder: int | None = None  # who discarded last, until the next draw
        self.ghost: _Ghost | None = None
        self.ahead = ahead
        self.findings: list[Finding] = []
        self.count = 0  # moves applied: the 1-based index of the latest
        self.turns = 0  # turns begun (as `referee replay` numbers them)
        self.turn_started = 0  # the move index that began the current turn
        self.finished = False  # the end of the record was applied (`finish`)

    @classmethod
    def at_position(cls, *, options: VazhushalOptions, players: tuple[str, ...], hands: Sequence[Iterable[Card]],
                    setup: Setup, turn: int, line: Sequence[Card] = (), melds: Sequence[Sequence[Sequence[Placed]]] = (),
                    under: Sequence[Card] = (), bottom_joker: bool = False, dealer: int | None = None,
                    deal: int = 1) -> GameState:
        """A game at a given position, `turn` to draw next (for the scenarios of
        the digest that start mid-game, and for `show`). `line` is top first;
        `setup.stock` is U and `under` is B."""
        state = cls(options=options, players=players, hands=hands, setup=setup,
                    dealer=(turn - 1) % len(players) if dealer is None else dealer, deal=deal)
        state.line = Line(line, bottom_joker=bottom_joker, capacity=options.line_capacity,
                          overflow=options.line_overflow_card)
        for card in under:
            state.stock.put_under(card)
        for seat, seat_melds in enumerate(melds):
            state.melds[seat] = [TableMeld(m) for m in seat_melds]
        state.turn_player = turn
        state.first_turn = False
        state.forced_player = None
        return state

    def __deepcopy__(self, memo: dict) -> GameState:
        """A copy to try moves on (`show`, tests); the record's moves
        (`ahead`, immutable) are shared, not copied."""
        memo[id(self.ahead)] = self.ahead
        copied = GameState.__new__(GameState)
        memo[id(self)] = copied
        for name, value in self.__dict__.items():
            setattr(copied, name, copy.deepcopy(value, memo))
        return copied

    # ----------------------------------------------------------------- helpers

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.players[seat]

    def _report(self, rule: str, at: int | None, message: str, *, player: int | None = None,
                stops: bool = False) -> None:
        """A finding at move `at` (1-based; its line and column come from the record, in the driver)."""
        self.findings.append(Finding(
            rule=rule, message=message, deal=self.deal, move=at or None,
            player=None if player is None else self.players[player], stops_deal=stops,
        ))

    def _stop(self, rule: str, move: Move, message: str, *, player: int | None = None) -> None:
        """The replay stops at this move (a card not where the record says).
        Takes of the meld phase whose key card no meld has used yet are kept
        (the ghost): later melds of that player in the record may still use
        it (VZ-5.2). From a record (`ahead`), the moves recorded after this
        one are read at once, so the findings come from this move; else the
        ghost sees the moves still applied, and `finish` reports what is left."""
        self._report(rule, self.count, f"{message}; replay of this game stops", player=player, stops=True)
        if self.turn_started == self.count:  # a stopped move begins no turn
            self.turns -= 1
            self.turn_started = 0
        turn = self.turn
        if self.phase is _MELD and turn is not None and turn.takes:
            pending = [(at, facts.key) for at, facts in turn.takes
                       if not facts.forced and not facts.bottom_joker
                       and not any(p.card is facts.key for _, m in turn.new_melds for p in m)]
            if isinstance(move, Meld) and move.player == turn.player:
                pending = [(at, key) for at, key in pending if all(t.card is not key for t in move.tokens)]
            if pending:
                self.ghost = _Ghost(turn.player, pending)
        self.phase = _STOPPED
        if self.ahead is not None:
            for later in self.ahead[self.count:]:
                if self.ghost is None:
                    break
                self._ghost_sees(later)
            self.ahead = ()  # seen: moves applied after the stop change nothing

    def _holds_all(self, seat: int, move: Move, cards: Sequence[Card]) -> bool:
        """Whether the player holds `cards` (with multiplicity); if not, VZ
        availability stops the replay naming what he lacks (checked without
        Counters in the common case)."""
        hand = self.hands[seat]
        need: dict[Card, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        for c, count in need.items():
            if hand.get(c, 0) < count:
                missing = Counter(cards) - hand
                self._stop(R.AVAILABILITY, move, f"{self.name(seat)} does not hold {format_cards(missing.elements())}",
                           player=seat)
                return False
        return True

    def has_pure_sequence(self, seat: int) -> bool:
        """Whether the player has a pure sequence on the table."""
        wild = self.wild
        for meld in self.melds[seat]:
            if (meld._check or meld.check(wild)).pure:  # the kept check, without a call (never false)
                return True
        return False

    def _start_turn(self, seat: int, *, final: bool = False) -> Turn:
        start_hand: Counter[Card] = Counter.__new__(Counter)  # `copy_hand`, without its call (one a turn)
        dict.update(start_hand, self.hands[seat])
        melds = self.melds[seat]
        if not melds:  # most turns of a game: nothing on the table to look at
            return Turn(player=seat, start_hand=start_hand, start_melds=[], had_melds=False, had_pure=False,
                        final=final)
        # one loop for the melds' cards and `has_pure_sequence`: a comprehension's own call costs more
        wild = self.wild
        start_melds = []
        pure = False
        for meld in melds:
            start_melds.append(meld.cards)
            if not pure and (meld._check or meld.check(wild)).pure:  # the kept check, without a call
                pure = True
        return Turn(player=seat, start_hand=start_hand, start_melds=start_melds, had_melds=True, had_pure=pure,
                    final=final)

    def _meld_turn(self) -> Turn:
        """The turn of the meld phase under way (set whenever the phase is MELD)."""
        turn = self.turn
        assert turn is not None, "a meld phase without its turn"
        return turn

    # ------------------------------------------------------- the State protocol

    @property
    def stopped(self) -> bool:
        return self.phase is _STOPPED

    @property
    def over(self) -> bool:
        return self.phase is _OVER

    def apply(self, move: Move, index: int | None = None) -> Sequence[Finding]:
        """Referee one move (the next one, or the `index`-th); the findings it
        brings (a meld phase's come when the phase ends)."""
        self.count = self.count + 1 if index is None else index
        found = self.findings
        before = len(found)
        self._apply(move)
        return found[before:] if len(found) > before else _NONE

    def run(self, moves: Sequence[Move]) -> list[Finding]:
        """The core's batch fast path (`BatchState`): `apply` on each move in
        turn, up to a stop, in one call; every finding carries its move index."""
        found = self.findings
        before = len(found)
        step = self._apply
        draw, meld, stopped = _DRAW, _MELD, _STOPPED  # locals: read at every move
        end = len(moves)
        steps = enumerate(moves, start=1)  # `i`: the index of the move after this one
        for i, move in steps:
            phase = self.phase
            if phase is stopped:
                break
            self.count += 1
            # the commonest events of a clean record, shortened (batch.py): a turn of a stock draw and a
            # discard, a stock draw, a take from the line; a discard and meld actions in a meld phase sent
            # straight to their handler (tests/conformance/test_fast_path.py compares this with `apply`):
            # each falls back to `_apply` unchanged. The phase first, then the types each allows, the
            # commonest first (`type(move) is` each time: mypy narrows the move by it, and the call is cheap).
            if phase is meld:
                if type(move) is Discard:  # `_apply`'s path, without its dispatch
                    self.last_overflow = None
                    self._on_discard(move)
                    continue
                if type(move) is Meld or type(move) is Add or type(move) is Rearrange:  # (the same)
                    self.last_overflow = None
                    self._on_meld_action(move)
                    continue
            elif phase is draw:
                if type(move) is DrawStock:
                    if i < end and type(after := moves[i]) is Discard and quick_turn(self, move, after):
                        next(steps)  # the discard, applied with the draw
                        continue
                    if quick_draw(self, move):
                        self.phase = meld
                        continue
                elif type(move) is DrawLine:
                    if quick_take(self, move):
                        self.phase = meld
                        continue
                    self.last_overflow = None  # `_apply`'s path, without its dispatch
                    self._on_draw(move)
                    continue
            step(move)
        return found[before:]

    def play_on(self) -> list[Move] | None:
        """A record in progress stops here: the legal moves, or None when the
        game is over or its final phase has nothing legal left (then it is
        finished as a complete game)."""
        if self.phase is _OVER:
            return None
        legal = self.legal_moves()
        return None if self.phase is _FINAL and not legal else legal

    def close(self) -> GameResult:
        """`finish()`, then the result (for tests and tools)."""
        self.finish()
        return self.result()

    def snapshot(self, *, hide_hands: bool) -> Snapshot:
        """The table now, as `referee show` tells it (views.py)."""
        from .views import snapshot

        return snapshot(self, hide_hands=hide_hands)

    # ------------------------------------------------------------ the events

    def _apply(self, move: Move) -> None:
        if self.phase is _STOPPED:
            if self.ahead is None:
                self._ghost_sees(move)
            return
        # the move types are final: comparing types is the cheapest dispatch
        if type(move) is Overflow:
            self._on_overflow(move)
            return
        self.last_overflow = None
        if type(move) is DrawStock or type(move) is DrawLine:
            if self.phase is not _OVER:
                self._on_draw(move)
                return
        elif type(move) is Discard:
            if self.phase is not _OVER:
                self._on_discard(move)
                return
        elif type(move) is Declare:
            self._on_declare(move)
            return
        elif type(move) is EndMark:
            self._on_end_mark(move)
            return
        elif self.phase is not _OVER:
            if type(move) is Meld or type(move) is Add or type(move) is Rearrange:
                self._on_meld_action(move)
            return
        self._report(R.TURN_SHAPE, self.count, f"nothing may follow going out ({self.name(self.out_player)} went out)",
                     player=getattr(move, "player", None))

    def finish(self) -> list[Finding]:
        """The moves have run out: close the final phase, or say the game did
        not end; the findings this brings."""
        self.finished = True
        before = len(self.findings)
        if self.phase is _STOPPED:
            self._ghost_flush()
        elif self.phase is _FINAL:
            for seat in sorted(self.final_turns):
                self._close(self.final_turns[seat])
            self.final_turns = {}
            self.phase = _OVER
        elif self.phase in (_DRAW, _MELD):
            where = f"in {self.name(self.current_player())}'s turn" if self.phase is _MELD else "before the game ended"
            self._report(R.TURN_SHAPE, self.count, f"the moves stop {where} (no one went out and the stock"
                                                   " is not exhausted)")
            self.incomplete = True
        return self.findings[before:]

    def to_play(self) -> tuple[int, ...]:
        """The seats that may act now (in the final phase, every player)."""
        if self.phase is _DRAW:
            return (self.turn_player,)
        if self.phase is _MELD:
            return (self._meld_turn().player,)
        if self.phase is _FINAL:
            return tuple(range(self.n))
        return ()

    def result(self) -> GameResult:
        if self.phase is not _OVER or self.incomplete:
            return GameResult(settled=False, end=None, out_player=None, scores=None, winners=frozenset())
        scores = self.scores()
        if self.out_player is not None:  # set with End.OUT, and only then
            winners = frozenset({self.out_player})
        else:
            top = max(scores.values())
            winners = frozenset(s for s, v in scores.items() if v == top)
            if len(winners) > 1 and self.options.tie_rule is TieRule.NO_WIN:
                winners = frozenset()
        return GameResult(settled=True, end=self.end, out_player=self.out_player, scores=scores, winners=winners)

    def scores(self) -> dict[int, int]:
        """VZ-8.7: melded value minus the value left in hand, per player."""
        joker = self.options.unmelded_printed_joker_value
        return {seat: melds_points(self.melds[seat]) - held_points(self.hands[seat], joker=joker)
                for seat in range(self.n)}

    # ----------------------------------------------------------- declarations

    def _on_declare(self, move: Declare) -> None:
        seat = move.player
        self._report(R.DOUBLES_TIMING, self.count, f"{self.name(seat)} declares three doubles after the negative joker"
                                             " was turned; no redeal can happen now", player=seat)
        uses = self.options.uses_doubles(self.n)
        count = count_doubles(self.dealt[seat].elements(), jokers=self.options.doubles_include_jokers) if uses else 0
        if count < 3:
            self._report(R.DOUBLES, self.count, f"{self.name(seat)} declared three doubles, but holds {count}",
                         player=seat)

    def _on_overflow(self, move: Overflow) -> None:
        if self.last_overflow is None:
            self._report(R.LINE_CAPACITY, self.count, f"no line overflow put {move.card} under the stock here")
        elif move.card is not self.last_overflow:
            self._report(R.LINE_CAPACITY, self.count, f"the overflow moved {self.last_overflow} under the stock,"
                                                f" not {move.card}")
        self.last_overflow = None

    def _on_end_mark(self, move: EndMark) -> None:
        actual = self.end.value if self.end is not None else None
        if self.phase is _FINAL:
            actual = End.STOCK.value
        if move.reason != actual:
            found = f"it ended by {actual}" if actual else "it has not ended"
            self._report(R.CLAIMS, self.count, f"the transcript says the game ended by {move.reason}, but {found}")

    # ------------------------------------------------------------------ draws

    def _on_draw(self, move: DrawStock | DrawLine) -> None:
        seat = move.player
        if self.phase is _FINAL:
            if isinstance(move, DrawLine):
                self._report(R.STOCK_EXHAUSTED_TAKE, self.count, "no card may be taken from the line after the stock"
                                                          " ran out", player=seat)
            else:
                self._report(R.TURN_SHAPE, self.count, "nobody draws after the stock ran out", player=seat)
            turn = self.final_turns.get(seat) or self._start_turn(seat, final=True)
            self.final_turns[seat] = turn
            self._draw(move, turn)
            return
        if self.phase is _MELD:
            turn = self._meld_turn()
            if seat == turn.player:
                self._report(R.DRAW, self.count, f"{self.name(seat)} draws a second time in one turn", player=seat)
                self._draw(move, turn)
                return
            self._report(R.DISCARD, self.count, f"{self.name(turn.player)}'s turn ends without a discard",
                         player=turn.player)
            self._close(turn)
            self._next_turn(turn.player)
            if self.phase is _FINAL:
                self._on_draw(move)
                return
        expected = self.turn_player
        if seat != expected:
            rule = R.FIRST_TURN if self.first_turn else R.OUT_OF_TURN
            self._report(rule, self.count, f"it is {self.name(expected)}'s turn, not {self.name(seat)}'s",
                         player=seat)
        self.turn = self._start_turn(seat)
        self.turns += 1
        self.turn_started = self.count
        self.turn_player = seat
        self.phase = _MELD
        self.first_turn = False
        self.last_discarder = None
        self._draw(move, self.turn)

    def _draw(self, move: DrawStock | DrawLine, turn: Turn) -> None:
        seat = move.player
        turn.draws += 1
        forced = self.forced_player == seat and turn.draws == 1 and not turn.final
        if forced:
            self.forced_player = None
        if isinstance(move, DrawStock):
            if forced:
                self._report(R.LEFT_MUST_TAKE, self.count, f"{self.name(seat)} must take the joker that starts the line"
                                                     " (first_joker_no_pure_sequence=left_must_take)", player=seat)
            self._draw_stock(move, turn)
        else:
            self._take(move, turn, forced=forced)

    def _draw_stock(self, move: DrawStock, turn: Turn) -> None:
        seat, drawn = move.player, move.card
        check = self.stock.draw(drawn)
        if check is DrawCheck.MISSING:
            self._stop(R.AVAILABILITY, move, f"{drawn} is not in the stock", player=seat)
            return
        if check is DrawCheck.LOWER:
            self._report(R.STOCK_ORDER, self.count, f"{drawn} was put under the stock and lies below other cards;"
                                              " it cannot be drawn yet", player=seat)
        hand = self.hands[seat]
        hand[drawn] = hand.get(drawn, 0) + 1
        if not self.exhausted and not turn.final and self.stock.empty:
            self.exhausted = True

    def _take(self, move: DrawLine, turn: Turn, *, forced: bool) -> None:
        seat, depth = move.player, move.depth
        line = self.line
        held = len(line.cards)
        if not 1 <= depth <= held:
            self._stop(R.AVAILABILITY, move, f"a take of depth {depth}, but the line holds {held} card(s)",
                       player=seat)
            return
        if move.cards is not None and list(move.cards) != (actual := line.top(depth)):
            self._stop(R.AVAILABILITY, move, f"the top {depth} line cards are {format_cards(actual)},"
                                             f" not {format_cards(move.cards)}", player=seat)
            return
        bottom = line.bottom_joker and depth == held  # `line.reaches_bottom_joker(depth)`
        hand = self.hands[seat]
        # a turn's first draw follows its start at once: the hand is still the turn's starting hand
        # (neither copy is ever changed, so the two share one)
        hand_before = turn.start_hand if turn.draws == 1 and not turn.final else _copy(hand)
        taken = line.take(depth)
        for c in taken:
            hand[c] = hand.get(c, 0) + 1
        facts = TakeFacts(key=taken[-1], taken=tuple(taken), bottom_joker=bottom and not forced,
                          forced=forced and bottom, hand_before=hand_before)
        if not turn.final:  # a take in the final phase is VZ-5.11 alone
            turn.takes.append((self.count, facts))
        if facts.forced:
            turn.forced_card = taken[-1]

    # ------------------------------------------------------------ meld actions

    def _on_meld_action(self, move: Meld | Add | Rearrange) -> None:
        """A meld action: `meld` and `add` done here (most meld actions; a
        call of their own costs more than their commonest path), `rearrange`
        by `_rearrange`."""
        seat = move.player
        hand = self.hands[seat]  # (never replaced: the cards come and go in it)
        phase = self.phase
        loose = False
        if phase is _MELD and (current := self.turn) is not None and seat == current.player:
            turn = current  # (the meld phase always has its turn)
        elif phase is _FINAL:
            kept = self.final_turns.get(seat)
            if kept is None:
                kept = self.final_turns[seat] = self._start_turn(seat, final=True)
            turn = kept
        else:
            when = "before drawing" if seat == self.turn_player and phase is _DRAW else \
                "outside their own meld phase"
            self._report(R.MELD_PHASE, self.count, f"{self.name(seat)} melds {when}", player=seat)
            turn = self._start_turn(seat, final=True)  # judged on its own, at once
            loose = True
        if type(move) is Meld:
            tokens = move.tokens
            held, placed, indexes, itself = take_tokens(hand, tokens, self.wild)  # `_take_out`, `resolve`
            if not held:
                self._holds_all(seat, move, [t.card for t in tokens])  # (False: the stop)
                return
            if placed is None:
                placed, problems = resolve(tokens, self.wild)
                if problems:
                    self._declared(move, problems)
                meld = laid_meld(placed, self.count)
            else:  # its check kept at once (asked for at the phase's end)
                meld = laid_meld(placed, self.count, indexes=indexes, itself=itself)
            self.melds[seat].append(meld)
            turn.from_hand += len(tokens)
            if not turn.final:
                turn.new_melds.append((id(meld), meld.cards))
        elif type(move) is Add:
            owner = seat if move.owner is None else move.owner
            melds = self.melds[owner]
            if not 1 <= move.number <= len(melds):
                self._stop(R.AVAILABILITY, move, f"{self.name(owner)} has no meld {move.number}"
                                                 f" ({len(melds)} on the table)", player=seat)
                return
            tokens = move.tokens
            if owner != seat:
                if self._holds_all(seat, move, [t.card for t in tokens]):
                    self._report(R.OWNERSHIP, self.count, f"{self.name(seat)} may not add cards to"
                                                          f" {self.name(owner)}'s meld; the cards stay in hand",
                                 player=seat)
                return
            held, placed, indexes, itself = take_tokens(hand, tokens, self.wild)  # `_take_out`, `resolve`
            if not held:
                self._holds_all(seat, move, [t.card for t in tokens])  # (False: the stop)
                return
            meld = melds[move.number - 1]
            if placed is None:
                placed, problems = resolve(tokens, self.wild, context=meld.cards)
                if problems:
                    self._declared(move, problems)
                meld.extend(placed, self.count)
            else:  # a kept check kept where it can be
                meld.extend(placed, self.count, indexes=indexes, itself=itself)
            turn.from_hand += len(tokens)
            if meld.laid_now and not turn.final:
                turn.new_melds.append((id(meld), meld.cards))
        elif type(move) is not Rearrange or not self._rearrange(move, turn) or self.phase is _STOPPED:
            return
        turn.last_action = self.count
        if loose:
            self._close(turn)
            return
        if not turn.final and not turn.emptied and not any(hand.values()):  # counts are never negative
            turn.emptied = True
            self._report(R.KEEP_ONE, self.count, f"{self.name(seat)} has melded every card and has none left to discard",
                         player=seat)
            self._report(R.GOING_OUT, self.count, "going out needs a last card to discard face down", player=seat)

    def _declared(self, move: Meld | Add | Rearrange, problems: list[tuple[str, str]]) -> None:
        for rule, message in problems:
            self._report(rule, self.count, message, player=move.player)

    def _rearrange(self, move: Rearrange, turn: Turn) -> bool:
        seat = move.player
        old_melds = self.melds[seat]
        old: Counter[Card] = Counter()
        for m in old_melds:
            old.update(m.physical())
        resolved, problems = [], []
        for tokens in move.melds:
            placed, found = resolve(tokens, self.wild)
            resolved.append(placed)
            problems.extend(found)
        new = Counter(p.card for placed in resolved for p in placed)
        extra, back = new - old, old - new
        missing = extra - self.hands[seat]
        if missing:
            self._stop(R.AVAILABILITY, move, f"{format_cards(missing.elements())} is neither in"
                                             f" {self.name(seat)}'s hand nor in their melds", player=seat)
            return False
        if problems:
            self._declared(move, problems)
        if back:
            self._report(R.MELDED_STAY, self.count, f"melded cards may never go back to the hand:"
                                              f" {format_cards(sort_cards(back.elements()))}", player=seat)
        self.hands[seat].subtract(extra)
        self.hands[seat].update(back)
        before = sorted(_signature(m.cards) for m in old_melds)
        self.melds[seat] = [TableMeld(placed, touched=self.count) for placed in resolved]
        turn.from_hand += sum(extra.values())
        if sorted(_signature(p) for p in resolved) != before:
            turn.rearranges.append(self.count)
        return True

    # ---------------------------------------------------------------- discard

    def _on_discard(self, move: Discard) -> None:
        seat, card = move.player, move.card
        if self.phase is _FINAL:
            self._report(R.TURN_SHAPE, self.count, "nobody discards after the stock ran out", player=seat)
            self._loose_discard(move)
            return
        turn = self.turn  # set in the meld phase (the phase is DRAW or MELD here)
        if self.phase is _DRAW and seat == self.turn_player:
            self._report(R.DRAW, self.count, f"{self.name(seat)} discards without drawing first", player=seat)
            self.turn = turn = self._start_turn(seat)
            self.turns += 1
            self.turn_started = self.count
            self.phase = _MELD
            self.first_turn = False
        elif self.phase is _DRAW or turn is None or seat != turn.player:
            current = self.turn_player if self.phase is _DRAW or turn is None else turn.player
            if seat == self.last_discarder and self.phase is _DRAW:
                self._report(R.DISCARD, self.count, f"{self.name(seat)} discards a second time in one turn", player=seat)
            else:
                self._report(R.OUT_OF_TURN, self.count, f"{self.name(seat)} discards in {self.name(current)}'s turn",
                             player=seat)
            self._loose_discard(move)
            return
        self._close(turn)
        hand = self.hands[seat]
        count = hand.get(card, 0)
        if count > 0:
            hand[card] = count - 1
            from_hand = True
        else:
            owner = next((m for m in self.melds[seat] if m.holds(card)), None)
            if owner is None:
                self._stop(R.AVAILABILITY, move, f"{self.name(seat)} does not hold {card}", player=seat)
                return
            self._report(R.MELDED_STAY, self.count, f"{card} is melded and can never be discarded", player=seat)
            owner.take_out(card)
            from_hand = False
        if turn.forced_card is not None and card is turn.forced_card:
            self._report(R.LEFT_MUST_TAKE, self.count, f"{self.name(seat)} discards the joker the forced take was for",
                         player=seat)
        if move.out:  # the cards held before the discard, counted only here (most discards are face up)
            held = sum(hand.values()) + from_hand
            if held > 1:
                self._report(R.GOING_OUT, self.count, f"a face-down discard going out while holding {held} cards",
                             player=seat)
        if from_hand and not any(hand.values()):  # the last card held (no count is negative)
            self.line.discard(card, face_down=True)
            self.phase = _OVER
            self.end = End.OUT
            self.out_player = seat
            self.turn = None
            return
        line = self.line
        if line.capacity is None and not self.exhausted:  # `to_line` of an unbounded line, the commonest case
            line.cards.append(card)
            self.last_discarder = seat
            self.turn = None
            self.turn_player = (seat + 1) % self.n
            self.phase = _DRAW
            return
        self.to_line(seat, card)

    def to_line(self, seat: int, card: Card) -> None:
        """`seat`'s discard of `card` laid on the line (a card pushed off the
        end goes under the stock), and the turn passed on."""
        self.last_discarder = seat
        moved = self.line.discard(card)
        if moved is not None:
            self.stock.put_under(moved)
            self.last_overflow = moved
        self._next_turn(seat)

    def _loose_discard(self, move: Discard) -> None:
        """A discard outside the discard step: applied if the card is in hand."""
        seat = move.player
        if self.hands[seat].get(move.card, 0) <= 0:
            self._stop(R.AVAILABILITY, move, f"{self.name(seat)} does not hold {move.card}", player=seat)
            return
        self.hands[seat][move.card] -= 1
        self.line.discard(move.card, face_down=True)

    def _next_turn(self, seat: int) -> None:
        self.turn = None
        if self.exhausted:
            self.phase = _FINAL
            self.end = End.STOCK
            return
        self.turn_player = (seat + 1) % self.n
        self.phase = _DRAW

    # --------------------------------------------------- end of a meld phase

    def phase_problems(self, turn: Turn) -> list[tuple[str, int, str]]:
        """Every rule the meld phase so far would break if it ended now (phase.py)."""
        return phase_problems(self, turn)

    def _close(self, turn: Turn) -> None:
        for rule, move, message in phase_problems(self, turn):
            self._report(rule, move, message, player=turn.player)
        for meld in self.melds[turn.player]:
            meld.touched = None
            meld.laid_now = False

    # ------------------------------------------------------------------ ghost

    def _ghost_sees(self, move: Move) -> None:
        ghost = self.ghost
        if ghost is None:
            return
        if isinstance(move, Meld) and move.player == ghost.player:
            ghost.pending = [(mv, key) for mv, key in ghost.pending if all(t.card is not key for t in move.tokens)]
            return
        if isinstance(move, (Add, Rearrange)) and move.player == ghost.player:
            return
        self._ghost_flush()

    def _ghost_flush(self) -> None:
        ghost, self.ghost = self.ghost, None
        if ghost is None:
            return
        for at, key in ghost.pending:
            self._report(R.KEY_CARD, at, f"the key card {key} (the deepest card taken) is not used in a new meld"
                                           " this turn", player=ghost.player)

    # ------------------------------------------------------- for inspection

    def census(self) -> Counter[Card]:
        """Every card the game holds, wherever it is (for conservation checks)."""
        total: Counter[Card] = Counter()
        for hand in self.hands:
            total.update(+hand)
        for seat_melds in self.melds:
            for meld in seat_melds:
                total.update(meld.physical())
        total.update(self.line.cards)
        total.update(self.stock.cards())
        if self.shown_negative is not None:
            total[self.shown_negative] += 1
        return total

    def current_player(self) -> int | None:
        if self.phase is _MELD:
            return self._meld_turn().player
        if self.phase is _DRAW:
            return self.turn_player
        return None

    def table_data(self) -> dict:
        """The visible position as plain data (part of `snapshot`'s)."""
        names = self.players
        return {
            "deal": self.deal,
            "phase": self.phase.value,
            "turn": self.name(self.current_player()) if self.current_player() is not None else None,
            "negative_joker": self.shown_negative.token if self.shown_negative is not None else None,
            "wild": self.wild.describe(),
            "hands": {names[s]: [c.token for c in sort_cards((+self.hands[s]).elements())] for s in range(self.n)},
            "stock": len(self.stock),
            "line": [c.token for c in self.line.top_to_bottom()],
            "bottom_joker": self.line.bottom_joker,
            "melds": {names[s]: [m.tokens() for m in self.melds[s]] for s in range(self.n)},
        }

    def legal_moves(self) -> list[Move]:
        """Moves that break no rule now and leave the turn completable (a
        practical selection, not every possible meld); see `plans.py`."""
        from .plans import legal_moves

        return legal_moves(self)

