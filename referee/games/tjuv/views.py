"""Tjuv told to people: the table before any move (`referee show`) and each
deal turn by turn (`referee replay`).

Both replay a deal with the check's own replay (`driver.replay` and
`driver.walk` over a `TjuvMatch`: the engine move by move, stopping where
the referee stops) and only read the engine's state; neither changes a
ruling. The talon is face down: only its
size is shown, never its order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, cast

from ...cards import Card, format_cards
from ...core.driver import Replay, replay, walk
from ...core.state import Snapshot
from ...hand import sort_cards
from ..base import Beat, Position, ShowError
from .engine import Step, TjuvDeal
from .moves import Draw, Move, Pass, Place, Play, Turn, write_move
from .piles import Pile
from .record import DealRecord
from .settle import score_deal

if TYPE_CHECKING:
    from .game import TjuvMatch

__all__ = ["position", "narrate", "narrate_deal", "snapshot"]


# ------------------------------------------------------- the check's replay

def _not_replayed(match: TjuvMatch, deal: DealRecord) -> str | None:
    """Why the referee does not replay this deal (just opened by the
    driver), or None when it does."""
    if match.setup_errors:
        setup = match.setup_errors[0]
        return f"nothing is replayed: {setup.rule} {setup.message}"
    if deal.moves is None:
        return "not replayed: the deal records no moves (TJ-10.3)"
    check = match.check
    assert check is not None
    rules = ", ".join(dict.fromkeys(f.rule for f in check.findings if f.is_error))
    if check.start is None:
        return f"not replayed: the deal record describes no starting position ({rules})"
    return f"not replayed: the deal record breaks {rules}, and on_violation=stop"


def _stop_of(state: TjuvDeal) -> tuple[int | None, str]:
    """The move index and rule of the finding that stopped the replay."""
    stop = next((f for f in state.findings if f.stops_deal), None)
    return (None, "") if stop is None else (stop.move, stop.rule)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards) or "empty"


# -------------------------------------------------------------------- show

def _due(state: TjuvDeal) -> str:
    """Who acts now and in which step (the deal neither over nor stopped)."""
    seat, step = state.next_actor()
    name = state.name(seat)
    if step is Step.PLAY:
        return f"{name} to play a card (step 1)"
    if step is Step.DRAW:
        if state.turn.draw_due:
            return f"{name} has played and draws the top talon card (step 2)"
        return f"{name} has placed a refill card and draws the top talon card (step 3)"
    how = "placing a card from the hand, then drawing" if state.options.from_hand else "turning the top talon card"
    return (f"the table holds {_plural(len(state.table), 'card')}: {name} refills it to 3,"
            f" {how} (step 3)")


def _outcome(state: TjuvDeal) -> str:
    """The counts, winner(s) and sweep of a deal that is over."""
    counts = state.counts()
    score = score_deal(counts, state.dealer)
    joint = "joint winners" if len(score.winners) > 1 else "winner"
    text = (", ".join(f"{state.players[s]} {c}" for s, c in enumerate(counts))
            + f"; {joint} {', '.join(state.players[s] for s in score.winners)}")
    if state.swept is not None:
        text += (f"; {state.name(state.swept.owner)} played the last card and swept"
                 f" {format_cards(sort_cards(state.swept.cards))}")
    return text


def _state_line(state: TjuvDeal, *, turns: int, due: str | None) -> tuple[str, int]:
    """One sentence on where the deal stands, and the turn number it names."""
    head = f"deal {state.deal}, dealer {state.name(state.dealer)}"
    step = state.step
    number = turns + 1 if step is Step.PLAY else max(turns, 1)
    if step is Step.STOPPED:
        move, rule = _stop_of(state)
        if due is not None:
            return f"{head}: the moves end here but the deal does not ({rule}); next was: {due}", number
        where = f"at move {move}" if move is not None else "at the end of the moves"
        return f"{head}: the replay of this deal stopped {where} ({rule}); nothing after that is refereed", number
    if step is Step.OVER:
        return f"{head}: the deal is over after {_plural(turns, 'turn')}; counts {_outcome(state)}", turns
    return f"{head}; turn {number}: {_due(state)}", number


def _table(state: TjuvDeal, *, hide_hands: bool) -> tuple[list[str], dict[str, Any]]:
    """Hands, piles, table and talon as text lines and plain data."""
    players = state.players
    width = max(len(p) for p in players)
    held: list[str] = []
    hands: dict[str, Any] = {}
    for seat, name in enumerate(players):
        hand = state.hands[seat]
        cards = [c.token for c in hand.sorted()]
        hands[name] = {"count": hand.size} if hide_hands else {"count": hand.size, "cards": cards}
        text = _plural(hand.size, "card")
        held.append(text if hide_hands or not cards else f"{text}: {' '.join(cards)}")
    column = max(len(h) for h in held)
    lines = []
    for seat, name in enumerate(players):
        piles = [p for p in state.piles.values() if p.owner == seat]
        if not piles:
            owned = "no piles"
        elif len(piles) == 1:
            owned = f"pile topped by {piles[0].top}: {_plural(piles[0].size, 'card')}"
        else:
            tops = ", ".join(f"{p.top} ({p.size})" for p in piles)
            owned = f"{len(piles)} piles topped by {tops}: {sum(p.size for p in piles)} cards"
        lines.append(f"  {name:<{width}}  {held[seat]:<{column}}  {owned}")
    if state.swept is not None:
        lines.append(f"  sweep: {state.name(state.swept.owner)} took the last table cards,"
                     f" {format_cards(sort_cards(state.swept.cards))}")
    lines.append(f"  table: {_cards(state.table)}" + (f" ({_plural(len(state.table), 'card')})" if state.table else ""))
    talon = state.talon.size
    recorded = "; its order is recorded" if state.talon.known and talon else ""
    lines.append(f"  talon: {_plural(talon, 'card') + ' face down' if talon else 'empty'}{recorded}")
    if not talon and not state.over and state.last_player is not None:
        lines.append(f"  last card so far played by {state.name(state.last_player)}"
                     " (whoever plays the last card of the deal takes the table)")
    data = state.table_data()
    data.update(hands=hands, talon_order_recorded=state.talon.known,
                counts={players[s]: c for s, c in enumerate(state.counts())},
                last_player=None if state.last_player is None else players[state.last_player])
    return lines, data


def _told(state: TjuvDeal, *, hide_hands: bool, due: str | None = None) -> tuple[list[str], dict[str, Any]]:
    """Where the deal stands and the table, as lines and data (`due`: who
    was to act when the moves ran out, for a deal the end stopped)."""
    line, number = _state_line(state, turns=state.turns, due=due if state.stopped else None)
    lines, data = _table(state, hide_hands=hide_hands)
    step = state.step
    data.update(replayed=True, state=line, turn=number)
    if step is Step.OVER:
        data["result"] = f"counts {_outcome(state)}"
    if step is Step.STOPPED:
        stop_move, rule = _stop_of(state)
        data["stopped"] = {"move": stop_move, "rule": rule}
    return [line, *lines], data


def snapshot(state: TjuvDeal, *, hide_hands: bool) -> Snapshot:
    """The table now (`TjuvDeal.snapshot`, the `State` protocol's)."""
    lines, data = _told(state, hide_hands=hide_hands)
    return Snapshot(lines=tuple(lines), data=data)


def position(match: TjuvMatch, raw_moves: Sequence[Sequence[str]], *, deal: int, move: int,
             hide_hands: bool, in_progress: bool = False) -> Position:
    """The table before `move` of `deal` (both 1-based; one past the last
    move is the end of the deal): the check's replay, stopped there."""
    record = match.record
    if not 1 <= deal <= len(record.deals):
        raise ShowError(f"deal {deal}: the transcript has deals 1 to {len(record.deals)}")
    rec = record.deals[deal - 1]
    moves = rec.moves or ()
    if not 1 <= move <= len(moves) + 1:
        raise ShowError(f"move {move}: deal {deal} has moves 1 to {len(moves)}; {len(moves) + 1} for the end of the deal"
                        if moves
                        else f"move {move}: deal {deal} records no moves (only move 1, its start, can be shown)")
    recorded = raw_moves[deal - 1][move - 1] if move <= len(moves) else None
    run = replay(match, deal=deal, upto=move)
    why = _not_replayed(match, rec) if run.state is None else None
    if why is not None:
        dealer = "" if rec.dealer is None else f", dealer {record.players[rec.dealer]}"
        line = f"deal {deal}{dealer}: {why}"
        return Position(deal=deal, move=move, recorded=recorded, lines=(line,),
                        data={"deal": deal, "replayed": False, "state": line}, to_move=(), legal=())
    state = cast(TjuvDeal, run.state)
    due = None
    playing = in_progress and move > len(moves) and deal == len(record.deals) and state.play_on() is not None
    if move > len(moves) and not state.stopped and not playing:
        due = None if state.over else _due(state)
        run.finish()
    lines, data = _told(state, hide_hands=hide_hands, due=due)
    seat = state.to_play()
    legal = tuple(dict.fromkeys(_legal_text(m, record.players) for m in sorted(state.legal_moves(), key=_move_order)))
    hidden: frozenset[str] = frozenset()
    if hide_hands:
        hidden = frozenset({c.token for hand in state.hands for c in hand.counts} | {c.token for c in state.talon.cards()})
    return Position(deal=deal, move=move, recorded=recorded, lines=tuple(lines), data=data,
                    to_move=tuple(record.players[s] for s in seat), legal=legal, hidden=hidden)


def _move_order(move: Move) -> tuple:
    """A play by its card, low to high within a suit (ace high), suits as in a hand."""
    card = move.cards[0] if isinstance(move, Play) and move.cards else None
    if card is None:
        return (1, 0, 0)
    assert card.suit is not None, "Tjuv's pack has no jokers"
    return (0, card.suit.index, card.rank)


def _legal_text(move: Move, players: tuple[str, ...]) -> str:
    """A legal move as a line; a draw or turn of the face-down talon's top card, once."""
    if isinstance(move, Draw):
        return f"{players[move.player]} draw (the top talon card)"
    if isinstance(move, Turn):
        return f"{players[move.player]} turn (the top talon card)"
    return write_move(move, players)


# ------------------------------------------------------------------ replay

class _Turn:
    """One turn being told: its moves and what the table held before it."""

    def __init__(self, state: TjuvDeal, *, first: int, title: str) -> None:
        self.first = self.last = first
        self.title = title
        self.plays: list[tuple[str, str]] = []
        self.piles: dict[Card, Pile] = dict(state.piles)
        self.placed: str | None = None  # who placed the last refill card, still to draw

    def add(self, who: str, what: str, *, move: Move) -> None:
        """One event; a refill placement and the draw after it are told together."""
        if isinstance(move, Draw) and self.placed == who:
            self.plays[-1] = (who, f"{self.plays[-1][1]}, {what}")
            self.placed = None
            return
        self.plays.append((who, what))
        self.placed = who if isinstance(move, Place) else None

    def beat(self, state: TjuvDeal) -> Beat:
        """The turn told, with its outcome read from the state after it."""
        players = state.players
        parts = [f"{players[p.owner]} now owns the pile topped by {p.top} ({_plural(p.size, 'card')})"
                 for top, p in state.piles.items() if self.piles.get(top) is not p]
        if state.swept is not None:
            parts.append(f"the deal is over: {players[state.swept.owner]} played the last card and sweeps"
                         f" {format_cards(sort_cards(state.swept.cards))}")
        else:
            parts.append(f"table {_cards(state.table)}")
            parts.append(f"talon {state.talon.size}" if state.talon.size else "talon empty")
        return Beat(deal=state.deal, first=self.first, last=self.last, title=self.title, plays=tuple(self.plays),
                    outcome="; ".join(parts))


def _play_text(state: TjuvDeal, move: Play | Pass, *, held: bool, table: list[Card],
               piles: dict[Card, Pile]) -> str:
    """What a step-1 play did, read from the state before and after it."""
    if isinstance(move, Pass) or not move.cards:
        return "passes (plays no card)"
    if len(move.cards) > 1 or not held or state.hands[move.player].has(move.card):
        return f"plays {format_cards(move.cards)} (not applied)"
    card = move.card
    gone = [p for top, p in piles.items() if state.piles.get(top) is not p]
    made = next((p for top, p in state.piles.items() if piles.get(top) is not p), None)
    inside = set(made.cards) if made is not None else set()
    captured = [c for c in table if c in inside]
    text = f"plays {card}, " + (f"captures {format_cards(captured)}" if captured else "captures nothing")
    stolen = [p for p in gone if p.top is not move.into]
    if stolen:
        text += ", steals " + " and ".join(f"{state.name(p.owner)}'s pile topped by {p.top} ({_plural(p.size, 'card')})"
                                           for p in stolen)
    if move.into is not None and any(p.top is move.into for p in gone):
        text += f", adds them to own pile topped by {move.into}"
    if move.top is not None and move.top is not card:
        text += f", with {move.top} on top"
    return text


def _other_text(move: Move, *, card: Card | None, applied: bool) -> str:
    verb = {Draw: "draws", Place: "places", Turn: "turns"}[type(move)]
    what = f"{verb} {card}" if card is not None else f"{verb} a card"
    return what if applied else f"{what} (not applied)"


def _dealt_beat(state: TjuvDeal) -> Beat:
    """The hands as dealt and the table at the start of the deal."""
    plays = tuple((name, _cards(state.hands[seat].sorted())) for seat, name in enumerate(state.players))
    outcome = (f"dealer {state.name(state.dealer)}; table {_cards(state.table)}; "
               + (f"talon {_plural(state.talon.size, 'card')} face down" if state.talon.size else "talon empty"))
    return Beat(deal=state.deal, first=0, last=0, title="Hands as dealt", plays=plays, outcome=outcome)


def narrate_deal(match: TjuvMatch, deal: DealRecord, run: Replay) -> list[Beat]:
    """One deal: a beat per turn, then its end (or where the replay stops):
    the check's replay (`run`, at the deal's first move), step by step."""
    moves = deal.moves or ()
    state = cast("TjuvDeal | None", run.state)
    if state is None:
        return [Beat(deal=deal.number, first=1 if moves else 0, last=len(moves), title="Not replayed", plays=(),
                     outcome=_not_replayed(match, deal) or "")]
    players = match.players
    beats: list[Beat] = [_dealt_beat(state)]
    turn: _Turn | None = None
    turns = 0
    while run.pending:
        index, move = run.index + 1, run.next_move()
        if isinstance(move, (Play, Pass)) or turn is None:
            if turn is not None:
                beats.append(turn.beat(state))
            if isinstance(move, (Play, Pass)):
                turns += 1
                title = f"Turn {turns}: {players[move.player]}"
            else:
                title = "Before the first play"
            turn = _Turn(state, first=index, title=title)
        turn.last = index
        if isinstance(move, (Play, Pass)):
            table, piles = list(state.table), dict(state.piles)
            held = isinstance(move, Play) and len(move.cards) == 1 and state.hands[move.player].has(move.card)
            run.step()
            text = _play_text(state, move, held=held, table=table, piles=piles)
        else:
            card = move.card if move.card is not None or isinstance(move, Place) else state.talon.top()
            talon, on_table = state.talon.size, len(state.table)
            run.step()
            text = _other_text(move, card=card, applied=state.talon.size < talon or len(state.table) > on_table)
        turn.add(players[move.player], text, move=move)
        if state.stopped:
            beats.append(turn.beat(state))
            stop_move, rule = _stop_of(state)
            rest = (f"; moves {index + 1} to {len(moves)} are not refereed" if index < len(moves) else "")
            beats.append(Beat(deal=deal.number, first=index + 1 if index < len(moves) else 0,
                              last=len(moves) if index < len(moves) else 0, title="Stopped", plays=(),
                              outcome=f"the referee stops replaying this deal at move {stop_move} ({rule}){rest}"))
            return beats
    if turn is not None:
        beats.append(turn.beat(state))
    due = None if state.over else _due(state)
    run.finish()
    if state.stopped:
        _, rule = _stop_of(state)
        beats.append(Beat(deal=deal.number, first=0, last=0, title="Stopped", plays=(),
                          outcome=f"the moves end but the deal does not ({rule}); next was: {due}"))
    else:
        beats.append(Beat(deal=deal.number, first=0, last=0, title="End of the deal", plays=(),
                          outcome=f"counts {_outcome(state)}"))
    return beats


def narrate(match: TjuvMatch) -> list[Beat]:
    beats: list[Beat] = []
    for deal, run in zip(match.record.deals, walk(match)):
        beats.extend(narrate_deal(match, deal, run))
    return beats
