"""Vazhushal told to people: the table before any move (`referee show`) and
each game turn by turn (`referee replay`).

Both are the check's own replay (`core.driver.replay` and `walk` over the
game's `VazhushalMatch`: the deal check, then the engine move by move,
stopping where the referee stops) and only read the engine's state; neither
changes a ruling. The legal moves listed are the engine's `legal_moves()`,
the ones the simulator draws from and a record in progress counts
(`plans.py`: every stock draw, the takes and melds the simple player finds,
every discard; a stock draw once: its card is the face-down top one). With
hands hidden, no card of a hand or of the stock is named (legal moves that
would name one are counted, not listed: `referee.views`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence, cast

from ...cards import Card, format_cards
from ...core.driver import Replay, replay, walk
from ...core.state import Snapshot
from ...hand import sort_cards
from ..table import Beat, Position, ShowError
from .engine import End, GameResult, GameState, Phase
from .melds import Placed, sequence_positions, stood_for
from .moves import Add, Declare, Discard, DrawLine, DrawStock, EndMark, Meld, Move, Overflow, Rearrange, write_move
from .options import TieRule, VazhushalOptions
from .record import DealRecord, VazhushalRecord

if TYPE_CHECKING:
    from .game import VazhushalMatch

__all__ = ["position", "narrate", "snapshot"]

_LINE_SHOWN = 6  # line cards named in a turn's outcome


# ------------------------------------------------------- the check's replay

def _not_replayed(options: VazhushalOptions, record: VazhushalRecord) -> str | None:
    """Why the referee replays no game at all (VZ-2.1, VZ-2.15), or None."""
    problems = options.setup_problems(len(record.players))
    if not problems:
        return None
    rule, text = problems[0]
    return f"nothing is replayed: {rule} {text}"


# ------------------------------------------------------------------ words

def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards) or "none"


def _meld_text(cards: Sequence[Placed]) -> str:
    """A meld's cards in reading order (a sequence by rank, a set by suit),
    a wild card as JK=9D: the card it stands for."""
    stands = stood_for(cards)
    ordered = list(cards)
    if stands is not None:
        positions = sequence_positions(stands)
        if positions is not None:
            ordered = [p for _, p in sorted(zip(positions, cards), key=lambda pair: pair[0])]
        elif len({c.rank for c in stands}) == 1:
            ordered = [p for _, p in sorted(zip([c.suit_index for c in stands], cards), key=lambda pair: pair[0])]
    return " ".join(p.token() for p in ordered)


def _line_text(state: GameState, *, limit: int | None = None) -> str:
    cards = state.line.top_to_bottom()
    if not cards:
        return "empty"
    shown = cards if limit is None or len(cards) <= limit else cards[:limit]
    more = f" +{len(cards) - len(shown)} more" if len(shown) < len(cards) else ""
    bottom = " (the bottom card is a bottom joker)" if state.line.bottom_joker and len(shown) == len(cards) else ""
    return _cards(shown) + more + bottom


def _result_text(state: GameState, result: GameResult) -> str:
    """How the game ended, as the settlement says it."""
    if state.phase is Phase.STOPPED:
        return "not settled: the referee's replay stopped (see the finding)"
    if not result.settled:
        return "not settled: the moves stop before the game ended (VZ-9.5)"
    assert result.scores is not None, "a settled game has its scores"
    name = state.name
    scores = ", ".join(f"{name(s)} {v}" for s, v in result.scores.items())
    if result.end is End.OUT:
        return f"{name(result.out_player)} went out and wins; points for information: {scores}"
    if not result.winners:
        verdict = f"a tie, and nobody wins ({TieRule.NO_WIN.value})"
    elif len(result.winners) > 1:
        verdict = "a tie: " + " and ".join(name(s) for s in sorted(result.winners)) + " win"
    else:
        verdict = f"{name(next(iter(result.winners)))} wins"
    return f"the stock ran out; scores {scores}; {verdict}"


def _stop_text(state: GameState) -> str:
    stop = next((f for f in state.findings if f.stops_deal), None)
    if stop is None:
        return f"the referee's replay of game {state.deal} stopped"
    return f"the referee's replay of game {state.deal} stopped at move {stop.move} ({stop.rule})"


# --------------------------------------------------------------- the table

def _state_line(state: GameState, *, turns: int, ended: bool) -> str:
    """One sentence on where the game stands and who acts."""
    name, phase, game = state.name, state.phase, f"game {state.deal}"
    if phase is Phase.STOPPED:
        return _stop_text(state) + "; nothing after it is replayed"
    if ended and state.incomplete:
        return f"{game}: the moves end here, before the game ended (VZ-9.5); the game is not settled"
    if phase is Phase.DRAW:
        seat = state.turn_player
        if state.forced_player == seat:
            due = f"{name(seat)} must take the joker {state.line.top(1)[0]} that starts the line (VZ-10.6)"
        else:
            due = f"{name(seat)} to draw from the stock or take from the line"
        return f"{game}, turn {turns + 1}{' (the first)' if state.first_turn else ''}: {due}"
    if phase is Phase.MELD:
        turn = state.turn
        assert turn is not None, "a meld phase without its turn"
        if turn.takes:
            _, facts = turn.takes[-1]
            drew = f"after taking {len(facts.taken)} from the line (key card {facts.key})"
        else:
            drew = "after drawing from the stock" if turn.draws else "without a draw"
        who = name(turn.player)
        return f"{game}, turn {turns}: {who}'s meld phase, {drew}; {who} may meld, add or rearrange, then discards"
    if phase is Phase.FINAL:
        return f"{game}: the stock is exhausted; final phase: any player may still meld, add or rearrange"
    how = f"{name(state.out_player)} went out" if state.end is End.OUT else "the stock ran out"
    return f"{game} is over: {how}"


def _wild_line(state: GameState, negative: Card | None) -> str:
    if negative is None:
        return f"no negative joker: {state.wild.describe()}"
    where = ""
    if state.shown_negative is None:  # negative_joker_drawable: it is the stock's last card
        where = " (the last card of the stock)" if state.stock.negative is not None else " (drawn)"
    return f"negative joker {negative}{where}: {state.wild.describe()}"


def snapshot(state: GameState, *, hide_hands: bool) -> Snapshot:
    """The table now (`GameState.snapshot`, the `State` protocol's)."""
    lines, data = _table(state, hide_hands=hide_hands)
    return Snapshot(lines=tuple(lines), data=data)


def _table(state: GameState, *, hide_hands: bool) -> tuple[list[str], dict[str, Any]]:
    """What `show` says of the table: lines, and the same as data. The end
    of the record (`finish`) is the end of the game as the check settles it."""
    players, negative, turns, ended = state.players, state.negative, state.turns, state.finished
    state_line = _state_line(state, turns=turns, ended=ended)
    lines = [state_line]
    turn = state.turn
    if state.phase is Phase.MELD and not ended and turn is not None:  # (a meld phase has its turn)
        problems = list(dict.fromkeys(message for _, _, message in state.phase_problems(turn)))
        if problems:
            lines.append(f"  {state.name(turn.player)} may not discard yet: " + "; ".join(problems))
    lines.append("  " + _wild_line(state, negative))
    width = max(len(p) for p in players)
    sizes: dict[str, int] = {}
    for seat, player in enumerate(players):
        cards = sort_cards((+state.hands[seat]).elements())
        sizes[player] = len(cards)
        shown = "" if hide_hands or not cards else ": " + _cards(cards)
        lines.append(f"  {player:<{width}}  {_plural(len(cards), 'card')}{shown}")
        melds = state.melds[seat]
        if melds:
            told = [f"{n}) {_meld_text(m.cards)}{' (pure)' if m.check(state.wild).pure else ''}"
                    for n, m in enumerate(melds, start=1)]
            lines.append(f"  {'':<{width}}  melds {'; '.join(told)}")
    under = list(state.stock.under)
    lines.append(f"  stock: {_plural(len(state.stock), 'card')}"
                 + (f", the last {len(under)} put under it by line overflows: {_cards(under)}" if under else ""))
    lines.append(f"  line (top first): {_line_text(state)}")
    data: dict[str, Any] = state.table_data()
    if hide_hands:
        del data["hands"]
    data.update(state=state_line, turn_number=turns, hand_sizes=sizes, under=[c.token for c in under],
                replay_stopped=state.phase is Phase.STOPPED)
    return lines, data


def position(match: VazhushalMatch, raw_moves: Sequence[Sequence[str]], *, deal: int, move: int,
             hide_hands: bool, in_progress: bool = False) -> Position:
    """The table before `move` of `deal` (both 1-based; one past the last
    move is the end of the game, settled as the check settles it, except
    in the last game of a record in progress that can go on): the check's
    replay, stopped there."""
    record = match.record
    if not 1 <= deal <= len(record.deals):
        raise ShowError(f"deal {deal}: the transcript has deals 1 to {len(record.deals)}")
    game = record.deals[deal - 1]
    if not 1 <= move <= len(game.moves) + 1:
        raise ShowError(f"move {move}: deal {deal} has moves 1 to {len(game.moves)};"
                        f" {len(game.moves) + 1} for the end of the deal")
    recorded = raw_moves[deal - 1][move - 1] if move <= len(game.moves) else None
    blocked = _not_replayed(match.options, record)
    if blocked is not None:
        return Position(deal=deal, move=move, recorded=recorded, lines=(blocked,), data={"state": blocked},
                        to_move=(), legal=())
    run = replay(match, deal=deal, upto=move)
    state = cast(GameState, run.state)  # the state VazhushalMatch opens
    result = None
    playing = in_progress and deal == len(record.deals) and state.phase is not Phase.STOPPED
    if move > len(game.moves) and not (playing and state.play_on() is not None):
        run.finish()
        result = state.result()
    lines, data = _table(state, hide_hands=hide_hands)
    if result is not None and state.phase is not Phase.STOPPED:
        lines.insert(1, f"  result: {_result_text(state, result)}")
        data["result"] = _result_text(state, result)
    legal = [_legal_text(m, record.players) for m in sorted(state.legal_moves(), key=_move_order)]
    hidden: frozenset[str] = frozenset()
    if hide_hands:
        held = {c.token for hand in state.hands for c in +hand}
        hidden = frozenset(held | {c.token for c in +state.stock.unknown})
    return Position(deal=deal, move=move, recorded=recorded, lines=tuple(lines), data=data,
                    to_move=tuple(state.name(s) for s in state.to_play()), legal=tuple(dict.fromkeys(legal)),
                    hidden=hidden)


_KINDS = {DrawStock: 0, DrawLine: 1, Meld: 2, Add: 3, Rearrange: 4, Discard: 5}


def _move_order(move: Move) -> tuple:
    """Draws, takes, melds, adds, rearrangements, then discards; a discard by
    its card, low to high within a suit (jokers last); the rest as listed."""
    card = move.card if isinstance(move, Discard) else None
    key = (card.suit.index, card.rank) if card is not None and card.suit is not None else (9, 0)
    return (_KINDS.get(type(move), 6), *(key if card is not None else (0, 0)))


def _legal_text(move: Move, players: tuple[str, ...]) -> str:
    """A legal move as a line; a stock draw (of the face-down top card) once."""
    if isinstance(move, DrawStock):
        return f"{players[move.player]} draw stock (the top card)"
    return write_move(move, players)


# ------------------------------------------------------------------ beats

@dataclass(slots=True)
class _Told:
    """The beat being told: its moves so far and what came of them."""

    title: str
    first: int
    last: int
    seat: int | None
    plays: list[tuple[str, str]] = field(default_factory=list)
    outcome: str = ""


class _Teller:
    """Steps one game's replay (the check's) move by move and tells it in
    beats: one per turn, the final phase, and a stop."""

    def __init__(self, run: Replay) -> None:
        self.run = run
        self.state = cast(GameState, run.state)
        self.turns = 0
        self.beats: list[Beat] = []
        self.told: _Told | None = None
        self.last_turn: object | None = None  # the engine's Turn of the latest turn

    def step(self) -> None:
        """Apply the next recorded move and tell it."""
        state, run = self.state, self.run
        index, move = run.index + 1, run.next_move()
        if state.phase is Phase.STOPPED:  # not replayed (the engine read them for VZ-5.2 at the stop)
            run.step()
            assert self.told is not None, "the stop opened a beat"
            self.told.last = index
            return
        before, due = state.phase, state.turn_player
        what = self._before(move)
        seat = getattr(move, "player", None)  # echo lines name no player
        melds_before = len(state.melds[seat]) if seat is not None else 0
        run.step()
        who, what = self._after(move, what, melds_before=melds_before)
        kind = type(move)
        if state.phase is Phase.STOPPED:
            self._open("Stopped", index, seat=None)
        elif before is Phase.FINAL or (state.phase is Phase.FINAL and kind in (DrawStock, DrawLine)):
            if self.told is None or self.told.title != "Final phase":
                self._open("Final phase", index, seat=None)
        elif (state.turn is not None and state.turn is not self.last_turn) or (
                kind is Discard and before is Phase.DRAW and move.player == due):
            self.turns += 1
            seat = state.turn.player if state.turn is not None else seat
            self._open(f"Turn {self.turns}: {state.name(seat)}", index, seat=seat)
        elif self.told is None:
            self._open("Before the first turn", index, seat=None)
        if state.turn is not None:
            self.last_turn = state.turn
        told = self.told
        assert told is not None, "every move is told in a beat"
        told.plays.append((who, what))
        told.last = index
        told.outcome = self._outcome(told)

    def close(self, moves: int) -> list[Beat]:
        """The beats of the game, after `finish()`; `moves` is how many it has."""
        told = self.told
        if told is not None:
            if told.title == "Stopped":
                later = f"; moves {told.first + 1} to {moves} are not replayed" if moves > told.first else ""
                told.last = moves
                told.outcome = f"{_stop_text(self.state)}; the game is not settled{later}"
            elif told.title == "Final phase":
                told.outcome = "the final phase ends with the moves; the game is scored"
            self._emit()
        return self.beats

    def _open(self, title: str, index: int, *, seat: int | None) -> None:
        self._emit()
        self.told = _Told(title=title, first=index, last=index, seat=seat)

    def _emit(self) -> None:
        told = self.told
        if told is not None:
            self.beats.append(Beat(deal=self.state.deal, first=told.first, last=told.last, title=told.title,
                                   plays=tuple(told.plays), outcome=told.outcome))
        self.told = None

    def _outcome(self, told: _Told) -> str:
        state, seat = self.state, told.seat
        if told.title == "Stopped":
            return _stop_text(state)
        if seat is None:
            return f"line (top first) {_line_text(state, limit=_LINE_SHOWN)}"
        name = state.name(seat)
        if state.phase is Phase.OVER and state.out_player == seat:
            return f"{name} goes out"
        said = []
        if state.phase is Phase.FINAL:
            said.append("the stock is empty: the final phase begins")
        held, melds = sum(state.hands[seat].values()), len(state.melds[seat])
        said.append(f"{_plural(held, 'card')} in hand, {_plural(melds, 'meld') if melds else 'no melds'}")
        said.append(f"line (top first) {_line_text(state, limit=_LINE_SHOWN)}")
        return "; ".join(said)

    def _before(self, move: Move) -> str:
        """What can only be said before the move is applied (the cards a take lifts)."""
        state = self.state
        if isinstance(move, DrawLine):
            line = state.line
            if not 1 <= move.depth <= len(line):
                return f"takes {move.depth} from the line, which holds {_plural(len(line), 'card')}"
            taken = line.top(move.depth)
            notes = []
            if move.depth > 1:
                notes.append(f"key card {taken[-1]}")
            if line.reaches_bottom_joker(move.depth):
                notes.append("the bottom joker")
            return f"takes {move.depth} from the line: {_cards(taken)}" + (f" ({', '.join(notes)})" if notes else "")
        if isinstance(move, Discard):
            held = sum(self.state.hands[move.player].values())
            return f"discards {move.card}" + (f" face down while holding {held} cards" if move.out and held > 1 else "")
        return ""

    def _after(self, move: Move, what: str, *, melds_before: int) -> tuple[str, str]:
        state = self.state
        if isinstance(move, Overflow):
            return "transcript", f"notes: overflow {move.card}"
        if isinstance(move, EndMark):
            return "transcript", f"notes: end {move.reason}"
        assert isinstance(move, _BY_A_PLAYER), move  # every other move is a player's
        seat = move.player
        melds = state.melds[seat]
        if isinstance(move, DrawStock):
            what = f"draws {move.card} from the stock"
        elif isinstance(move, Meld):
            if len(melds) > melds_before:
                what = f"melds {_meld_text(melds[-1].cards)} (meld {len(melds)})"
            else:
                what = f"melds {' '.join(_written(move.tokens))} (not applied)"
        elif isinstance(move, Add):
            cards = " ".join(_written(move.tokens))
            if move.owner is not None:
                what = f"adds {cards} to {state.name(move.owner)}'s meld {move.number} (no effect)"
            elif 1 <= move.number <= len(melds):
                what = f"adds {cards} to meld {move.number}: {_meld_text(melds[move.number - 1].cards)}"
            else:
                what = f"adds {cards} to meld {move.number} (not applied)"
        elif isinstance(move, Rearrange):
            what = "rearranges the melds: " + "; ".join(f"{n}) {_meld_text(m.cards)}"
                                                          for n, m in enumerate(melds, start=1))
        elif isinstance(move, Discard) and state.phase is Phase.OVER and state.out_player == seat \
                and state.end is End.OUT:
            what = f"goes out, discarding {move.card} face down"
        elif isinstance(move, Discard) and state.last_overflow is not None:  # told at the discard that caused it
            what += f" (the line is full: {state.last_overflow} goes under the stock)"
        elif isinstance(move, Declare):
            what = "declares three doubles, after the negative joker was turned"
        return state.name(seat), what


_BY_A_PLAYER = (DrawStock, DrawLine, Meld, Add, Rearrange, Discard, Declare)  # the rest are echoes of the record


def _written(tokens: Sequence) -> list[str]:
    return [t.card.token if t.declared is None else f"{t.card.token}={t.declared.token}" for t in tokens]


def _opening(state: GameState, deal: DealRecord, negative: Card | None) -> Beat:
    name = state.name
    *returned, first = deal.first
    back = f"{_cards(returned)} went back into the stock; " if returned else ""
    bottom = " (a bottom joker)" if state.line.bottom_joker else ""
    outcome = (f"{name(deal.dealer)} deals; {_wild_line(state, negative)}; {back}the line starts with {first}"
               f"{bottom}; {name(state.turn_player)} plays first")
    plays = tuple((player, "dealt " + _cards(sort_cards((+state.hands[seat]).elements())))
                  for seat, player in enumerate(state.players))
    return Beat(deal=deal.number, first=0, last=0, title=f"Game {deal.number}", plays=plays, outcome=outcome)


def narrate(match: VazhushalMatch) -> list[Beat]:
    """Every game: its deal, one beat per turn (the final phase as one beat,
    a stop as one beat covering the moves left), and its result."""
    beats: list[Beat] = []
    blocked = _not_replayed(match.options, match.record)
    for game, run in zip(match.record.deals, walk(match)):
        if blocked is not None:
            beats.append(Beat(deal=game.number, first=0, last=0, title=f"Game {game.number}", plays=(),
                              outcome=blocked))
            continue
        teller = _Teller(run)
        beats.append(_opening(teller.state, game, teller.state.negative))
        while run.index < len(game.moves):
            teller.step()
        run.finish()
        result = teller.state.result()
        beats.extend(teller.close(len(game.moves)))
        beats.append(Beat(deal=game.number, first=0, last=0, title=f"End of game {game.number}", plays=(),
                          outcome=_result_text(teller.state, result)))
    return beats
