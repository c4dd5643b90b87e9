"""Getaway told to people: the table before any move (`referee show`) and
the round trick by trick (`referee replay`).

Both replay the round with the same engine as the check and only read its
state; neither changes a ruling.
"""

from __future__ import annotations

import copy
from typing import Any, cast

from typing import TYPE_CHECKING

from ...cards import format_cards
from ...core.driver import Replay, replay, walk
from ...core.state import Snapshot
from ...hand import sort_cards
from ..table import Beat, Position, ShowError
from .engine import End, Phase, Round, Trick
from .moves import Draw, Play, Take, TrickMark, write_move
from .options import FirstTrickOrder
from .record import RoundRecord

if TYPE_CHECKING:
    from .game import GetawayMatch

__all__ = ["position", "narrate", "snapshot"]

_ENDS = {End.FULL: "full", End.TOCHOO: "stopped by a tochoo", End.BREAK: "broken", End.PENALTY: "ended by a penalty"}


def _cards(cards) -> str:
    return format_cards(cards) or "-"


def _state_line(state: Round, *, hide_hands: bool = False) -> str:
    """One sentence on where the round stands (with hands hidden, naming no held card)."""
    name = state.name
    phase = state.phase
    if phase is Phase.SETUP:
        return f"before trick 1: {name(state.as_holder())} leads {'the ace of spades' if hide_hands else 'AS'}"
    if phase is Phase.PLAYING:
        trick = state.trick
        if trick.first and state.options.first_trick_order is FirstTrickOrder.FREE:
            waiting = ", ".join(name(s) for s in trick.order if s not in trick.acted)
            due = f"{waiting} still to play, in any order"
        else:
            due = f"{name(trick.expected())} to play"
        return f"trick {trick.number} in progress, led by {name(trick.leader)}; {due}"
    if phase is Phase.ENDED:
        end = state.trick.end
        assert end is not None, "an ended trick"
        return f"trick {state.trick.number} has ended ({_ENDS[end]}); it is settled at the next event"
    if phase is Phase.DRAW:
        source = "the waste pile" if state.draw_from_waste else "a hand"
        return f"{name(state.draw_for)} holds power with no cards and must draw from {source}"
    if phase is Phase.WINDOW:
        assert state.power is not None, "set in this phase"
        duty = state.duty.get(state.power)
        drawn = "the card he drew" if hide_hands else f"the drawn {duty}"
        must = f" and must lead {drawn}" if duty is not None else ""
        dead = "; a dead position: the round is dead if nothing follows (GW-10.9)" if state.at_dead_position() else ""
        return f"between tricks: {name(state.power)} holds power{must} (trick {state.trick_no + 1} next){dead}"
    if phase is Phase.OVER:
        if state.dead:
            return "the round is over: a dead round (GW-10.1)"
        return f"the round is over: {name(state.loser)} loses"
    return "the replay stopped here (a flag-only finding)"


def _to_move(state: Round) -> tuple[str, ...]:
    phase = state.phase
    if phase is Phase.SETUP:
        return (state.name(state.as_holder()),)
    if phase is Phase.PLAYING:
        trick = state.trick
        if trick.first and state.options.first_trick_order is FirstTrickOrder.FREE:
            return tuple(state.name(s) for s in trick.order if s not in trick.acted)
        return (state.name(trick.expected()),)
    if phase is Phase.DRAW:
        return (state.name(state.draw_for),)
    if phase is Phase.WINDOW:
        return (state.name(state.power),)
    return ()


def snapshot(state: Round, *, hide_hands: bool) -> Snapshot:
    """The table now (`Round.snapshot`, the `State` protocol's)."""
    lines, data = _snapshot(state, hide_hands=hide_hands)
    return Snapshot(lines=tuple(lines), data=data)


def _snapshot(state: Round, *, hide_hands: bool) -> tuple[list[str], dict[str, Any]]:
    players = state.players
    said = _state_line(state, hide_hands=hide_hands)
    data: dict[str, Any] = {"phase": state.phase.name.lower(), "state": said}
    lines = [said]
    width = max(len(p) for p in players)
    hands: dict[str, Any] = {}
    for seat, player in enumerate(players):
        hand = state.hands[seat]
        if not state.active[seat] and seat in state.places:
            place = state.places.index(seat) + 1
            lines.append(f"  {player:<{width}}  escaped ({_ordinal(place)})")
            hands[player] = {"escaped": place}
            continue
        cards = [c.token for c in sort_cards(hand)]
        shown = "" if hide_hands else ": " + (" ".join(cards) or "no cards")
        lines.append(f"  {player:<{width}}  {hand.size:>2} card{'s' if hand.size != 1 else ' '}{shown}")
        hands[player] = {"count": hand.size} if hide_hands else {"count": hand.size, "cards": cards}
    data["hands"] = hands
    trick = state.trick
    if trick is not None and not trick.resolved and state.phase in (Phase.PLAYING, Phase.ENDED):
        plays = [f"{players[s]} {c}" for s, c, _ in trick.plays] + [f"{players[s]} {c} (penalised)" for s, c in trick.extra]
        lines.append(f"  trick {trick.number}: {', '.join(plays) or 'nothing played yet'}")
        data["trick"] = {"number": trick.number, "leader": players[trick.leader],
                         "plays": [[players[s], c.token] for s, c, _ in trick.plays],
                         "led": trick.led.value if trick.led else None}
    waste = sum(state.waste.values())
    trumps = state.trump.noun if state.trump else "none"
    lines.append(f"  waste pile: {waste} card{'s' if waste != 1 else ''}; trumps: {trumps}"
                 + (f"; removed: {_cards(state.removed)}" if state.removed else ""))
    data.update(waste=waste, trumps=state.trump.value if state.trump else None,
                power=None if state.power is None else players[state.power],
                escaped=[players[s] for s in state.places])
    return lines, data


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def position(match: GetawayMatch, raw_moves: list[list[str]], *, deal: int, move: int, hide_hands: bool,
             in_progress: bool = False) -> Position:
    """The table before `move` of `deal` (both 1-based): the check's replay, stopped there.
    After the last move of a record in progress, the round goes on: no result, the moves legal now."""
    record = match.record
    if not 1 <= deal <= len(record.rounds):
        raise ShowError(f"deal {deal}: the transcript has deals 1 to {len(record.rounds)}")
    rnd = record.rounds[deal - 1]
    if not 1 <= move <= len(rnd.moves) + 1:
        raise ShowError(f"move {move}: deal {deal} has moves 1 to {len(rnd.moves)}; {len(rnd.moves) + 1} for the end of the deal")
    run = replay(match, deal=deal, upto=move)
    state = cast(Round, run.state)  # Getaway's State
    result = None
    playing = in_progress and deal == len(record.rounds) and state.phase is not Phase.STOPPED
    if move > len(rnd.moves) and state.phase is not Phase.STOPPED and not (playing and state.play_on() is not None):
        run.finish()
        result = state.result()
    lines, data = _snapshot(state, hide_hands=hide_hands)
    if result is not None:
        said = _result_text(state, result)
        lines.insert(1, f"  result: {said}")
        data["result"] = said
    ahead = copy.deepcopy(state)  # legal moves come after the ended trick is settled
    ahead.advance()
    due = {record.players.index(name) for name in _to_move(ahead)}
    legal = [_legal_text(m, record.players)
             for m in sorted(ahead.legal_moves(), key=lambda m: (m.player not in due, *_move_order(m)))]
    recorded = raw_moves[deal - 1][move - 1] if move <= len(rnd.moves) else None
    return Position(deal=deal, move=move, recorded=recorded, lines=tuple(lines), data=data,
                    to_move=_to_move(ahead), legal=tuple(dict.fromkeys(legal)),
                    hidden=_hidden(state) if hide_hands else frozenset())


def _hidden(state: Round) -> frozenset[str]:
    """The tokens of every card held, and of the waste pile (face down)."""
    held = {c.token for hand in state.hands for c in hand.counts}
    return frozenset(held | {c.token for c, n in state.waste.items() if n})


def _legal_text(move, players: tuple[str, ...]) -> str:
    """A legal move as a line; a draw, whose card comes at random, once per source."""
    if isinstance(move, Draw):
        return f"{players[move.player]} draw {'waste' if move.source < 0 else players[move.source]} (a card at random)"
    return write_move(move, players)


_KINDS = {Play: 0, Draw: 1, Take: 2}


def _move_order(move) -> tuple:
    """Seat, kind of move, then suit and rank (low to high): `E play 8C 9C 10C AC`."""
    card = getattr(move, "card", None)
    return (move.player, _KINDS.get(type(move), 3), card.suit.index if card is not None else 0,
            card.rank if card is not None else 0, getattr(move, "taken", getattr(move, "source", 0)))


def _result_text(state: Round, result) -> str:
    """How the round ended (or why it is not settled), as `show` tells it at the end of the deal."""
    players = state.players
    if not result.settled:
        stop = next((f for f in reversed(state.findings) if f.stops_deal), None)
        return "not settled" + (f": {stop.rule} {stop.message}" if stop is not None else "")
    if result.dead:
        return "a dead round (GW-10.1): no loser"
    order = ", ".join(players[s] for s in result.order)
    return f"finishing order {order}; {players[result.loser]} loses with {result.legs} cards (legs)"


def _trick_beat(state: Round, trick: Trick, *, first: int, last: int, escaped: list[int]) -> Beat:
    players = state.players
    plays = []
    for i, (seat, card, was_last) in enumerate(trick.plays):
        what = card.token
        if trick.tochoo == i:
            what += " (tochoo)"
        if was_last:
            what += " (last card)"
        plays.append((players[seat], what))
    plays.extend((players[s], f"{c.token} (penalised)") for s, c in trick.extra)
    cards = _cards(trick.cards())
    if trick.end is End.FULL:
        outcome = f"full: to the waste pile; {players[state.power]} leads next" if state.power is not None \
            else "full: to the waste pile"
    elif trick.end is End.TOCHOO:
        assert state.power is not None, "the tochoo's taker leads the next trick"
        outcome = f"{players[state.power]} picks up {cards} and leads"
    elif trick.end is End.BREAK:
        assert trick.offender is not None, "a broken trick has its breaker"
        outcome = f"{players[trick.offender]} breaks, picks up {cards} and leads"
    else:
        assert trick.offender is not None, "a penalty has its offender"
        outcome = f"penalty GW-4.1: {players[trick.offender]} takes {cards} and leads"
    if escaped:
        outcome += "; " + ", ".join(f"{players[s]} escapes" for s in escaped)
    if state.phase is Phase.DRAW:
        assert state.draw_for is not None, "set in this phase"
        outcome += f"; {players[state.draw_for]} has power and no cards: he must draw"
    title = f"Trick {trick.number}" + (" (first trick)" if trick.first else "")
    return Beat(deal=state.deal, first=first, last=last, title=title, plays=tuple(plays), outcome=outcome)


def _dealt_beat(state: Round, rnd: RoundRecord) -> Beat:
    """The hands as dealt and the table at the start."""
    players = state.players
    plays = tuple((players[s], _cards(sort_cards(rnd.hands[s]))) for s in range(len(players)))
    holder = state.as_holder()
    parts = [f"{players[holder]} holds AS and leads trick 1" if holder is not None else "nobody holds AS"]
    if state.removed:
        parts.append(f"removed: {_cards(state.removed)}")
    if state.trump:
        parts.append(f"trumps: {state.trump.noun}")
    return Beat(deal=rnd.number, first=0, last=0, title="Hands as dealt", plays=plays, outcome="; ".join(parts))


def narrate_round(match: GetawayMatch, rnd: RoundRecord, run: Replay) -> list[Beat]:
    """One round: its deal, a beat per trick, take and draw, each event told
    at the move that caused it (a trick's escapes and pickup with the trick,
    a take's escape with the take), and its end (the check's replay, step by step)."""
    state, players = cast(Round, run.state), match.players  # Getaway's State
    beats: list[Beat] = [_dealt_beat(state, rnd)]
    opened: dict[int, int] = {}  # id(trick) -> index of its first move
    last_index = 0

    def settle(trick: Trick | None, escaped_before: int) -> None:
        if trick is not None and trick.resolved and id(trick) in opened:
            escaped = state.places[escaped_before:]
            beats.append(_trick_beat(state, trick, first=opened.pop(id(trick)), last=last_index, escaped=escaped))

    while run.index < len(rnd.moves):
        index, move = run.index + 1, run.next_move()
        trick, places = state.trick, len(state.places)
        if state.phase is Phase.ENDED and not isinstance(move, TrickMark) \
                and not (isinstance(move, Play) and state._is_late(move)):
            state.advance()  # what the move would do first: the ended trick is settled, and told, before it
            settle(trick, places)
            places = len(state.places)
        run.step()
        settle(trick, places)
        if state.trick is not None and id(state.trick) not in opened and not state.trick.resolved \
                and state.trick is not trick:
            opened[id(state.trick)] = index
        if isinstance(move, Take) and state.phase is not Phase.STOPPED:
            taken = sum(1 for _ in state.hands[move.player])
            escaped = ", ".join(f"{players[s]} escapes" for s in state.places[places:]) or "nobody escapes"
            beats.append(Beat(deal=rnd.number, first=index, last=index, title="Take",
                              plays=((players[move.player], f"takes {players[move.taken]}'s hand"),),
                              outcome=f"{escaped}; {players[move.player]} now holds {taken} cards"))
        elif isinstance(move, Draw) and state.phase is not Phase.STOPPED:
            source = "the waste pile" if move.source < 0 else f"{players[move.source]}'s hand"
            outcome = f"{players[move.player]} must lead {move.card}"
            if len(state.places) > places:
                outcome += "; " + ", ".join(f"{players[s]} escapes" for s in state.places[places:])
            beats.append(Beat(deal=rnd.number, first=index, last=index, title="Draw",
                              plays=((players[move.player], f"draws {move.card} from {source}"),),
                              outcome=outcome))
        if not isinstance(move, TrickMark):
            last_index = index
        if state.phase is Phase.STOPPED:
            beats.append(Beat(deal=rnd.number, first=index, last=index, title="Stopped", plays=(),
                              outcome="the replay of this round stops here (see the finding)"))
            return beats
    trick, places = state.trick, len(state.places)
    run.finish()
    result = state.result()
    settle(trick, places)
    if trick is not None and not trick.resolved and id(trick) in opened and state.phase is Phase.OVER:
        plays = tuple((players[s], c.token) for s, c, _ in trick.plays)
        beats.append(Beat(deal=rnd.number, first=opened[id(trick)], last=last_index,
                          title=f"Trick {trick.number} (unfinished)", plays=plays,
                          outcome="the round ended in the middle of the trick"))
    if result.settled:
        if result.dead:
            outcome = "a dead round (GW-10.1): no loser"
        else:
            order = ", ".join(players[s] for s in result.order)
            assert result.loser is not None, "a settled round that is not dead has a loser"
            outcome = f"finishing order {order}; {players[result.loser]} loses with {result.legs} cards (legs)"
        beats.append(Beat(deal=rnd.number, first=0, last=0, title="End", plays=(), outcome=outcome))
    return beats


def narrate(match: GetawayMatch) -> list[Beat]:
    beats: list[Beat] = []
    for rnd, run in zip(match.record.rounds, walk(match)):
        beats.extend(narrate_round(match, rnd, run))
    return beats
