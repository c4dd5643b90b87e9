"""Game, Flip, Flop told to people: the table before any move (`referee show`)
and every deal turn by turn (`referee replay`).

Both are the check's own replay (`core.driver.replay` and `walk` over the
session): each deal starts where the session left it (seats, antes, who may
win flip and flop, the pots) and runs under the same policy on violations;
they only read its state and change no ruling. What they cannot show: the
table of a deal the referee did not replay (the session had stopped, or the
deal record was bad), or of moves after the one where its replay stopped.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

from ...cards import Card, format_cards
from ...core.driver import Play, Replay, replay, walk
from ...core.state import Snapshot
from ..table import Beat, Position, ShowError
from .display import exact
from .endings import Ending
from .engine import Deal, Phase, Stage
from .melds import hand_total, in_hand_order, low_rank
from .moves import Declare, Discard, Draw, Drop, LayOff, Move, Show, Source, Spread, write_move
from .options import ShowMode, StockEnd
from .pots import PotKind
from .record import NOBODY, DealRecord
from .reports import DealReport
from .summary import ending_text

if TYPE_CHECKING:
    from .session import FlipFlopSession, Opened

__all__ = ["position", "narrate", "snapshot"]


def _cards(cards: Iterable[Card]) -> str:
    return format_cards(cards) or "-"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _what(move: Move) -> str:
    """What a move does, in words, cards as tokens."""
    match move:
        case Show(card=card):
            return f"shows {card}"
        case Declare(number=number):
            return f"declares {number}"
        case Drop():
            return "drops"
        case Draw(source=Source.STOCK, card=card):
            return f"draws {card} from the stock"
        case Draw(card=card):
            return f"takes {card} from the discard pile"
        case Spread(spread=ident, cards=cards):
            return f"spreads {ident}: {_cards(cards)}"
        case LayOff(card=card, spread=ident):
            return f"lays off {card} on {ident}"
        case Discard(card=card):
            return f"discards {card}"
    raise TypeError(move)


def _not_replayed(session: FlipFlopSession, opened: Opened) -> str:
    if opened.kind == "skipped":
        where = f"at deal {session.stopped_at}" if session.stopped_at else "before the first deal"
        return f"not replayed: the referee's replay stopped {where} (see the findings)"
    return "not replayed: the deal record cannot be played (see the findings)"


def _deal(run: Replay) -> Deal:
    state = run.state
    assert isinstance(state, Deal)
    return state


def _report(session: FlipFlopSession, record: DealRecord, state: Deal | None = None) -> DealReport:
    """The deal just opened, closed as the check closes it (`state`: replayed and finished)."""
    play = Play(number=record.number, state=state, findings=(), moves=len(record.moves or ()),
                replayed=state is not None, finished=state is not None)
    session.close(record, play)
    return session.reports[-1]


# ----------------------------------------------------- the table, as words


def _ended(state: Deal, *, since: bool = False) -> str:
    """How the play ended (`since`: told afterwards)."""
    actor = state.actor
    who = state.name(actor)
    ending = state.ending
    text = "the play has ended: " if since else "the play ends: "
    if ending is Ending.OUT:
        text += f"{who} has gone out"
    elif ending is Ending.TUNK:
        text += f"{who} has tunked out (two spreads of three, nothing laid off or discarded)"
    elif ending is Ending.DROP:
        assert actor is not None, "a drop has its player"
        text += f"{who} {'dropped' if since else 'drops'} with {hand_total(state.hands[actor])} points"
    elif ending is Ending.DECLARATION:
        assert actor is not None, "a declaration has its player"
        text += f"{who} {'declared' if since else 'declares'} {state.declared[actor]}"
    else:
        text += "the stock is exhausted"
    return text


def _windows(state: Deal) -> str:
    """Whose post-end windows (to show, or to declare after a declaration) are still open."""
    waiting = [state.names[s] for s in state.queue[state.window:]]
    if not waiting or state.options.flip_flop_show is ShowMode.AUTOMATIC:
        return ""
    what = "show or declare" if state.ending is Ending.DECLARATION else "show"
    return f"windows to {what}: {', '.join(waiting)}"


def _lowest_shown(state: Deal) -> str:
    if state.options.flip_flop_show is ShowMode.AUTOMATIC:
        return "automatic shows: flip and flop go to the lowest cards dealt to those who anted"
    parts = []
    for pot, suit in (("flip", state.flip_suit), ("flop", state.flop_suit)):
        best = state.lowest.get(suit)
        if best is None:
            parts.append(f"{pot} none")
        else:
            card, seat = best
            whose = f"{state.names[seat]}'s flip card" if card is state.flip_card else state.names[seat]
            parts.append(f"{pot} {card} ({whose})")
    return "lowest shown: " + ", ".join(parts)


def _turn_number(state: Deal) -> int:
    """The number of the turn in progress (or about to begin)."""
    return state.turns if state.beat == state.turn else state.turns + 1


# --------------------------------------------------------------- one deal


@dataclass(slots=True)
class _Open:
    """The beat being told: a player's turn, or the windows after the play."""

    title: str
    seat: int | None  # None: the windows after the play
    first: int
    last: int = 0
    plays: list[tuple[str, str]] = field(default_factory=list)


class _Teller:
    """A deal replayed move by move by the check's own replay (`run`), told as
    beats: one per turn, one for the windows after the play."""

    def __init__(self, session: FlipFlopSession, record: DealRecord, run: Replay) -> None:
        self.options = session.options
        self.names = session.names
        self.record = record
        self.run = run
        self.state = _deal(run)
        self.beats: list[Beat] = []
        self.open: _Open | None = None
        self.stopped: tuple[int, Move] | None = None  # the move (index, move) at which the replay stopped

    def pot(self, card: Card) -> str | None:
        state = self.state
        return "flip" if card.suit is state.flip_suit else "flop" if card.suit is state.flop_suit else None

    def step(self) -> bool:
        """Replay the next move; False once the replay has stopped (at this move or before)."""
        state, run = self.state, self.run
        if state.phase is Phase.HALTED:
            return False
        move = run.next_move()
        ends = state.ends_before(move)  # GFF-8.12: the play ends before this event is judged
        if ends:
            self.close("the stock is exhausted: the play ends here (GFF-8.12, stock_end = at_draw)")
        playing = state.phase is Phase.PLAY and not ends
        counted = len(state.counted)
        findings = run.step()
        index = run.index
        if state.phase is Phase.HALTED:
            self.stopped = (index, move)
            self.close("the replay stops at the next move")
            return False
        seat, who, what = move.player, self.names[move.player], _what(move)
        if isinstance(move, Show):
            pot = self.pot(move.card)
            if self.options.flip_flop_show is ShowMode.AUTOMATIC:
                what += " (automatic shows: the lowest card dealt wins)"
            elif len(state.counted) > counted:
                what += f" for {pot}"
            else:
                what += " (it does not count)"
        if any(f.is_error for f in findings):
            what += " (illegal)"
        opened = self.open
        if playing:
            if opened is None or opened.seat != seat:
                self.close(self.holding(opened.seat) if opened is not None and opened.seat is not None else "")
                self.open = _Open(f"Turn {state.turns}: {who}", seat, index)
            self.add(index, who, what)
            if state.phase is not Phase.PLAY:
                self.close("; ".join(filter(None, (_ended(state), _windows(state)))))
            elif state.turn != seat:
                self.close(self.holding(seat) + f"; {self.names[state.turn]} to play")
        else:
            if opened is None or opened.seat is not None:
                self.close("")
                declared = state.ending is Ending.DECLARATION
                self.open = _Open("After the play: shows" + (" and declarations" if declared else ""), None, index)
            self.add(index, who, what)
        return True

    def add(self, index: int, who: str, what: str) -> None:
        assert self.open is not None
        self.open.plays.append((who, what))
        self.open.last = index

    def close(self, outcome: str) -> None:
        opened, self.open = self.open, None
        if opened is None:
            return
        if opened.seat is None:  # the windows after the play
            declared = ", ".join(f"{self.names[s]} {n}" for s, n in self.state.declared.items())
            outcome = (f"declared {declared}; " if declared else "") + _lowest_shown(self.state)
        self.beats.append(Beat(deal=self.record.number, first=opened.first, last=opened.last, title=opened.title,
                               plays=tuple(opened.plays), outcome=outcome or self.holding(opened.seat)))

    def finish(self) -> None:
        """Close the last beat after the deal's last recorded move (where, as in the
        referee's replay, a last stock turn under stock_end = at_draw ends the play)."""
        state = self.state
        playing = state.phase is Phase.PLAY
        state.conclude()
        if state.phase is Phase.PLAY:
            self.close("the recorded moves end here, before the play has ended")
        else:
            self.close(_ended(state) if playing else "")

    def holding(self, seat: int | None) -> str:
        state = self.state
        if seat is None or seat not in state.hands:
            return ""
        top = f", top {state.pile[-1]}" if state.pile else ""
        return (f"{self.names[seat]} holds {_plural(len(state.hands[seat]), 'card')}; stock {len(state.stock)},"
                f" discard pile {len(state.pile)}{top}")


# --------------------------------------------------------------- `show`


def _where_line(state: Deal, legal: list[Move]) -> str:
    """Where the deal stands and whose turn it is, in one line."""
    names, options = state.names, state.options
    phase = state.phase
    if phase is Phase.HALTED:
        at = f"at move {state.halted_at}" if state.halted_at is not None else "earlier"
        return f"the referee's replay of this deal stopped {at} (see the finding): later moves are not replayed"
    if phase is Phase.POST:
        return f"{_ended(state, since=True)}; {_windows(state) or 'no windows left'}"
    seat = state.turn
    head = f"turn {_turn_number(state)}: {names[seat]} to play"
    if state.stage is Stage.DRAWN:
        if state.stock_turn and options.stock_end is StockEnd.AT_DRAW:
            return (f"{head}; he took the last stock card: he may spread or lay off, and the play ends at the"
                    " next event")
        return f"{head}; he has drawn: he may spread or lay off, then he discards"
    draws = "draws from the stock or the discard pile" if state.pile else "draws from the stock"
    if options.allow_drop:
        draws += ", or drops"
    if seat not in state.drawn:
        first = [what for what, kind in (("show flip or flop", Show), ("declare", Declare))
                 if any(isinstance(m, kind) and m.player == seat for m in legal)]
        before = f"; first he may {' or '.join(first)}" if first else ""
        return f"{head} (his first turn){before}; then he {draws}"
    return f"{head}; he {draws}"


def _money_line(label: str, amounts: dict[str, Any]) -> str:
    return f"  {label}: " + ", ".join(f"{k} {v}" for k, v in amounts.items())


def snapshot(state: Deal, *, hide_hands: bool) -> Snapshot:
    """The table now (`Deal.snapshot`, the `State` protocol's): what `show` prints before a move."""
    lines, data = _table(state, state.legal_moves(), hide_hands=hide_hands)
    return Snapshot(lines=tuple(lines), data=data)


def _table(state: Deal, legal: list[Move], *, hide_hands: bool,
           result: str | None = None) -> tuple[list[str], dict[str, Any]]:
    """The position as text lines and plain data (the engine's table data and more);
    `result`: how the deal ended, at its end."""
    names, options, start = state.names, state.options, state.start
    where = _where_line(state, legal)
    lines = [where]
    width = max(len(names[s]) for s in state.order)
    on_turn = state.turn if state.phase is Phase.PLAY else None
    for seat in state.order:
        hand = in_hand_order(state.hands[seat])
        tags = [tag for tag, holds in (("dealer", seat == state.dealer), ("on turn", seat == on_turn)) if holds]
        tag = f"  ({', '.join(tags)})" if tags else ""
        cards = "" if hide_hands else f": {_cards(hand)} ({hand_total(hand)} points)"
        lines.append(f"  {names[seat]:<{width}}  {_plural(len(hand), 'card')}{cards}{tag}")
    pile = f"{_plural(len(state.pile), 'card')}, top {state.pile[-1]}" if state.pile else "empty"
    lines.append(f"  stock: {_plural(len(state.stock), 'card')}; discard pile: {pile}")
    spreads = "; ".join(f"{ident} ({names[sp.owner]}, {sp.kind.value}) {_cards(sp.cards)}"
                        for ident, sp in state.spreads.items())
    lines.append(f"  spreads: {spreads or 'none'}")
    lines.append(f"  flip card {state.flip_card} (dealer {names[state.dealer]}): flip is {state.flip_suit.noun},"
                 f" flop is {state.flop_suit.noun}")
    if options.flip_flop_show is ShowMode.AUTOMATIC:
        lines.append(f"  shows: {_lowest_shown(state)}")
    else:
        shows = ", ".join(f"{names[s]} {c} ({pot})" for s, c, pot in state.counted)
        lines.append(f"  shows: {shows or 'none'}; {_lowest_shown(state)}")
    if state.declared:
        lines.append("  declared: " + ", ".join(f"{names[s]} {n}" for s, n in state.declared.items()))
    pots = {k: exact(v) for k, v in state.pots.items()}
    carried = {"flip": start.carry.flip, "flop": start.carry.flop} if start is not None else {}
    extra = ", ".join(f"{pot} {exact(v)}" for pot, v in carried.items() if v)
    lines.append(_money_line("pots", pots) + (f" (carried in: {extra})" if extra else ""))
    eligible = {"flip": state.eligible[state.flip_suit], "flop": state.eligible[state.flop_suit]}
    out_of = [f"{names[s]} not in {pot}" for s in state.order for pot in ("flip", "flop") if s not in eligible[pot]]
    if out_of:
        lines.append("  did not ante (cannot win): " + ", ".join(out_of))
    bankrolls = None
    if start is not None and start.bankrolls is not None:
        bankrolls = {names[s]: exact(start.bankrolls[s]) for s in state.order}
        lines.append(_money_line("bankrolls before this deal", bankrolls))
    if result is not None:
        lines.append(f"  result: {result}")
    data: dict[str, Any] = state.table_data()
    if result is not None:
        data["result"] = result
    if hide_hands:
        del data["hands"]
    else:
        data["hand_totals"] = {names[s]: hand_total(state.hands[s]) for s in state.order}
    data.update(
        state=where,
        turn_number=_turn_number(state) if state.phase is Phase.PLAY else None,
        hand_sizes={names[s]: len(state.hands[s]) for s in state.order},
        shows=[{"player": names[s], "card": c.token, "pot": pot} for s, c, pot in state.counted],
        declared={names[s]: n for s, n in state.declared.items()},
        eligible={pot: [names[s] for s in state.order if s in seats] for pot, seats in eligible.items()},
        carried_in={pot: exact(v) for pot, v in carried.items()},
        bankrolls_before=bankrolls,
        stopped_at_move=state.halted_at,
    )
    return lines, data


def _outcome_position(session: FlipFlopSession, record: DealRecord, report: DealReport, *,
                      hide_hands: bool) -> Position:
    """An outcome-only deal: no moves, only how it ended."""
    names = session.names
    start = report.start
    assert start is not None and record.ending is not None
    ending = record.ending
    dealer = names[report.dealer] if report.dealer is not None else "?"
    lines = [f"deal {record.number} (dealer {dealer}) records only how it ended: there are no moves to replay"]
    data: dict[str, Any] = {"deal": record.number, "dealer": dealer, "outcome_only": True,
                            "pots": {k: exact(v) for k, v in start.pots.items()}}
    if record.hands:
        width = max(len(names[s]) for s in record.hands)
        for seat, cards in record.hands.items():
            shown = "" if hide_hands else f": {_cards(in_hand_order(cards))} ({hand_total(cards)} points)"
            lines.append(f"  {names[seat]:<{width}}  dealt {_plural(len(cards), 'card')}{shown}")
        if not hide_hands:
            data["hands"] = {names[s]: [c.token for c in in_hand_order(cards)] for s, cards in record.hands.items()}
    else:
        lines.append("  hands: not recorded")
    if record.flip_card is not None:
        lines.append(f"  flip card {record.flip_card}")
        data["flip_card"] = record.flip_card.token
    recorded: dict[str, Any] = {"type": ending.type}
    text = f"  recorded ending: {ending.type}"
    for key, who in (("winner", ending.winner), ("dropper", ending.dropper)):
        if who is not None:
            recorded[key] = names[who]
            text += f", {key} {names[who]}"
    if ending.totals:
        recorded["totals"] = {names[s]: t for s, t in ending.totals.items()}
        text += "; totals " + ", ".join(f"{names[s]} {t}" for s, t in ending.totals.items())
    if ending.declared:
        recorded["declared"] = {names[s]: n for s, n in ending.declared.items()}
        text += "; declared " + ", ".join(f"{names[s]} {n}" for s, n in ending.declared.items())
    for pot in ("flip", "flop"):
        seat = getattr(ending, pot)
        if seat is not None:
            holder = "none" if seat == NOBODY else names[seat]
            recorded[pot] = holder
            text += f"; {pot} {holder}"
    lines.append(text)
    data["ending"] = recorded
    lines.append(_money_line("pots", data["pots"]))
    if report.settled:
        lines.append(f"  result: {ending_text(report, names)[0]}")
    else:
        lines.append("  result: not settled (see the findings)")
    return Position(deal=record.number, move=1, recorded=None, lines=tuple(lines), data=data, to_move=(),
                    legal=())


def position(session: FlipFlopSession, raw_moves: list[list[str] | None], *, deal: int, move: int,
             hide_hands: bool) -> Position:
    """The table before `move` of `deal` (both 1-based; one past the last move for
    the end): the check's replay of the session, stopped there."""
    deals = session.deals()
    if not 1 <= deal <= len(deals):
        raise ShowError(f"deal {deal}: the transcript has deals 1 to {len(deals)}")
    record = deals[deal - 1]
    if record.moves is None:
        if record.ending is None:
            raise ShowError(f"deal {deal} records neither its moves nor how it ended: there is nothing to show")
        if move != 1:
            raise ShowError(f"deal {deal} records only how it ended (an outcome-only deal): it has no moves;"
                            " --move 1 shows its recorded ending")
    elif not 1 <= move <= len(record.moves) + 1:
        after = f"; {len(record.moves) + 1} for the end of the deal" if record.moves else ""
        raise ShowError(f"move {move}: deal {deal} has moves 1 to {len(record.moves)}{after}")
    run = replay(session, deal=deal, upto=move)
    opened = session._current()
    if opened.start is None:
        raise ShowError(f"deal {deal} was {_not_replayed(session, opened)}")
    if record.moves is None:
        return _outcome_position(session, record, _report(session, record), hide_hands=hide_hands)
    state, names = _deal(run), session.names
    moves = state.legal_moves()
    result = None
    if move > len(record.moves):  # the end of the deal: how the check closes it
        ahead = copy.deepcopy(state)
        ahead.finish()
        report = _report(session, record, ahead)
        result = ending_text(report, names)[0] if report.settled else None
    lines, data = _table(state, moves, hide_hands=hide_hands, result=result)
    legal = tuple(dict.fromkeys(_legal_text(m, names) for m in sorted(moves, key=_move_order)))
    acting = [names[seat] for seat in state.to_play()]
    raw = raw_moves[deal - 1] or []
    recorded = raw[move - 1] if move <= len(record.moves) else None
    data["to_move"] = acting
    hidden: frozenset[str] = frozenset()
    if hide_hands:
        hidden = frozenset({c.token for seat in state.order for c in state.hands[seat]} | {c.token for c in state.stock})
    return Position(deal=deal, move=move, recorded=recorded, lines=tuple(lines), data=data, to_move=tuple(acting),
                    legal=legal, hidden=hidden)


_KINDS = {Show: 0, Declare: 1, Drop: 2, Draw: 3, Spread: 4, LayOff: 5, Discard: 6}


def _move_order(move: Move) -> tuple:
    """Seat, kind, then a one-card move by its card in hand order (ace low);
    spreads as the engine lists them."""
    card = getattr(move, "card", None) if isinstance(move, (Show, LayOff, Discard)) else None
    return (move.player, _KINDS[type(move)], *((card.suit_index, low_rank(card)) if card is not None else (0, 0)))


def _legal_text(move: Move, names: tuple[str, ...]) -> str:
    """A legal move as a line; a stock draw (the face-down top card) once."""
    if isinstance(move, Draw) and move.source is Source.STOCK:
        return f"{names[move.player]} draw stock (the top card)"
    return write_move(move, names)


# --------------------------------------------------------------- `replay`


def _end_beat(record: DealRecord, report: DealReport, names: tuple[str, ...], final: Deal | None) -> Beat:
    result = report.result
    assert result is not None
    text = ending_text(report, names)[0]
    winners = ", ".join(names[s] for s in result.game_winners)
    plays: tuple[tuple[str, str], ...] = ()
    if result.ending in (Ending.DROP, Ending.CAUGHT, Ending.STOCK):
        if final is not None:
            plays = tuple((names[s], f"{_cards(in_hand_order(final.hands[s]))} ({result.totals[s]} points)")
                          for s in report.order)
        else:
            plays = tuple((names[s], f"{t} points") for s, t in result.totals.items())
    return Beat(deal=record.number, first=0, last=0, title="End", plays=plays,
                outcome=f"{text}; the game pot goes to {winners}")


def _settlement_beat(record: DealRecord, report: DealReport, names: tuple[str, ...]) -> Beat:
    money = report.money
    assert money is not None
    plays = tuple((names[s], f"net {exact(money.net[s]['total'], signed=True)} ("
                   + ", ".join(f"{c} {exact(money.net[s][c], signed=True)}" for c in ("game", "flip", "flop")) + ")")
                  for s in money.order)
    pots = []
    for award in money.awards:
        pot = award.pot
        label = "the 50 bonus" if pot.kind is PotKind.BONUS else f"{pot.kind.value} pot"
        amount = exact(pot.amount)
        if not award.shares:
            pots.append(f"{label} {amount}: no winner, carried to the next deal")
        elif len(award.shares) == 1:
            card = f" ({award.card})" if award.card is not None and pot.kind in (PotKind.FLIP, PotKind.FLOP) else ""
            pots.append(f"{label} {amount} to {names[award.winners[0]]}{card}")
        else:
            pots.append(f"{label} {amount} split " + ", ".join(f"{names[s]} {exact(v)}"
                                                              for s, v in award.shares.items()))
    outcome = "; ".join(pots)
    if money.eliminated:
        outcome += "; eliminated: " + ", ".join(names[s] for s in money.eliminated)
    title = "Settlement" + (" (provisional)" if report.provisional else "")
    return Beat(deal=record.number, first=0, last=0, title=title, plays=plays, outcome=outcome)


def _outcome_beat(record: DealRecord, report: DealReport, names: tuple[str, ...]) -> Beat:
    ending = record.ending
    assert ending is not None
    plays: list[tuple[str, str]] = []
    verbs = {"out": "goes out", "tunk": "tunks out"}
    if ending.winner is not None:
        plays.append((names[ending.winner], verbs.get(ending.type, "wins")))
    if ending.dropper is not None:
        plays.append((names[ending.dropper], "drops"))
    for seat, number in (ending.declared or {}).items():
        plays.append((names[seat], f"declares {number}"))
    for seat, total in (ending.totals or {}).items():
        plays.append((names[seat], f"{total} points"))
    for pot in ("flip", "flop"):
        seat = getattr(ending, pot)
        if seat is not None and seat != NOBODY:
            plays.append((names[seat], f"holds {pot}"))
    trust = f"; taken on trust: {'; '.join(report.trusted)}" if report.trusted else ""
    return Beat(deal=record.number, first=0, last=0, title=f"Outcome only ({ending.type})", plays=tuple(plays),
                outcome=f"no moves recorded: the deal is told from its recorded ending{trust}")


def _dealt_beat(teller: _Teller) -> Beat:
    """The hands as dealt and the table at the start of the deal."""
    state, names = teller.state, teller.names
    plays = tuple((names[s], f"{_cards(in_hand_order(state.hands[s]))} ({hand_total(state.hands[s])} points)")
                  for s in state.order)
    pots = ", ".join(f"{k} {exact(v)}" for k, v in state.pots.items())
    outcome = (f"dealer {names[state.dealer]}; flip card {state.flip_card}: flip is {state.flip_suit.noun}, flop is"
               f" {state.flop_suit.noun}; stock {_plural(len(state.stock), 'card')}" + (f"; pots {pots}" if pots else ""))
    return Beat(deal=teller.record.number, first=0, last=0, title="Hands as dealt", plays=plays, outcome=outcome)


def _played_beats(session: FlipFlopSession, record: DealRecord, run: Replay) -> tuple[list[Beat], Deal | None, bool]:
    """A deal's beats up to its end, told while it is replayed: the beats, the
    state at the end, and whether beats that need the deal closed (how it
    ended, the settlement) follow."""
    opened = session._current()
    names, number = session.names, record.number
    moves = record.moves or ()
    if opened.start is None:
        first, last = (1, len(moves)) if moves else (0, 0)
        return [Beat(deal=number, first=first, last=last, title="Not replayed", plays=(),
                     outcome=_not_replayed(session, opened))], None, False
    if record.moves is None and record.ending is None:
        return [Beat(deal=number, first=0, last=0, title="Not replayed", plays=(),
                     outcome="the deal records neither its moves nor how it ended (see the finding)")], None, False
    if record.moves is None:
        return [], None, True
    teller = _Teller(session, record, run)
    teller.beats.append(_dealt_beat(teller))
    while run.index < len(moves):
        if not teller.step():
            break
    beats = teller.beats
    if teller.stopped is not None:
        index, stopped = teller.stopped
        later = len(moves) - index
        rest = f"; {_plural(later, 'later move')} not replayed" if later else ""
        beats.append(Beat(deal=number, first=index, last=len(moves), title="Stopped",
                          plays=((names[stopped.player], _what(stopped)),),
                          outcome=f"the referee's replay of this deal stops here (see the finding){rest}"))
        return beats, None, False
    teller.finish()
    final = teller.state
    if final.phase is Phase.PLAY:  # the check's `finish()` finds the deal not over: not settled
        beats.append(Beat(deal=number, first=0, last=0, title="Not settled", plays=(),
                          outcome="the recorded moves end before the play has ended: the deal cannot be"
                          " settled"))
        return beats, None, False
    return beats, final, True


def _closing_beats(session: FlipFlopSession, record: DealRecord, final: Deal | None) -> list[Beat]:
    """A deal's last beats, once the check has closed it."""
    names, number = session.names, record.number
    report = session.reports[number - 1]
    beats = [_outcome_beat(record, report, names)] if record.moves is None else []
    if not report.settled:
        beats.append(Beat(deal=number, first=0, last=0, title="Not settled", plays=(),
                          outcome="the deal is not settled (see the findings)"))
        return beats
    beats.append(_end_beat(record, report, names, final))
    beats.append(_settlement_beat(record, report, names))
    return beats


def narrate(session: FlipFlopSession) -> list[Beat]:
    """Every deal turn by turn, then how it ended and who took each pot: the
    check's replay (`walk`), which closes each deal when the next is asked for."""
    beats: list[Beat] = []
    deals = session.deals()
    pending: tuple[DealRecord, Deal | None] | None = None
    for number, run in enumerate(walk(session), start=1):
        if pending is not None:
            beats.extend(_closing_beats(session, *pending))
            pending = None
        record = deals[number - 1]
        told, final, more = _played_beats(session, record, run)
        beats.extend(told)
        if more:
            pending = (record, final)
    if pending is not None:
        beats.extend(_closing_beats(session, *pending))
    return beats
