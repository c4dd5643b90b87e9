"""`replay` tells each Game, Flip, Flop event at the move that caused it
(issue 18): every draw (from the stock or the discard pile), discard,
spread, lay-off, show (and whether it counts, for which pot), declaration
and drop in the beat covering its move, by its player, with its cards; the
end of the play (going out, tunking out, a drop, a declaration, the stock
running out) in the beat of the move that ended it; the table told after a
turn (cards held, stock, discard pile, its top) and after the windows (the
lowest cards shown) as it stands after the beat's last move. The causes
come from the engine alone, replayed move by move, independently of the
views; over seeded sessions of every preset and option set, broken copies
of them and the samples."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import pytest

from referee.core.driver import judge
from referee.games.gameflipflop import GAME
from referee.games.gameflipflop.engine import Deal, Phase
from referee.games.gameflipflop.endings import Ending
from referee.games.gameflipflop.game import read, session_for
from referee.games.gameflipflop.moves import Declare, Discard, Draw, Drop, LayOff, Show, Source, Spread
from referee.games.gameflipflop.options import ShowMode, StockEnd
from referee.games.gameflipflop.session import start_deal
from referee.rulesets import presets
from referee.transcript import read_header
from referee.writer import dump_yaml
from referee.yamldoc import load_document

from .test_properties import OPTION_SETS, session

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples" / "game-flip-flop").glob("*.yaml"))
CARD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")
HOLDS = re.compile(r"(\S+) holds (\d+) cards?; stock (\d+), discard pile (\d+)(?:, top ([^;\s]+))?")
ENDS = re.compile(r"the play ends(?:: (.*)| here)")
LOWEST = re.compile(r"(flip|flop) (?:none|(\S+) \((\S+?)(?:'s flip card)?\))")
SEEDS = range(2 * len(OPTION_SETS))  # every option set twice (session() plays the default preset)


class _Move:
    """What one move did, from the engine alone."""

    def __init__(self, state: Deal, move, index: int, *, counted: int, playing: bool, before_end: bool) -> None:
        self.move, self.index = move, index
        self.counted = len(state.counted) > counted  # a show that counts for a pot
        self.pot = state.counted[-1][2] if self.counted else None
        self.ended = playing and state.phase is Phase.POST  # the play ended at this move
        self.before_end = before_end  # GFF-8.12 at_draw: the play ended just before this event was judged
        self.ending = state.ending if self.ended or before_end else None
        self.hands = {s: len(state.hands[s]) for s in state.order}
        self.stock, self.pile = len(state.stock), len(state.pile)
        self.top = state.pile[-1].token if state.pile else None
        self.lowest = {pot: state.lowest.get(suit) for pot, suit in (("flip", state.flip_suit),
                                                                       ("flop", state.flop_suit))}


def _causes(state: Deal, moves) -> list[_Move]:
    done = []
    for index, move in enumerate(moves, start=1):
        if state.stopped:
            break
        before_end = state.ends_before(move)
        playing = state.phase is Phase.PLAY and not before_end
        counted = len(state.counted)
        state.apply(move)
        if state.stopped:
            break
        done.append(_Move(state, move, index, counted=counted, playing=playing, before_end=before_end))
    return done


def _cards_of(move) -> set[str]:
    if isinstance(move, Spread):
        return {c.token for c in move.cards}
    card = getattr(move, "card", None)
    return {card.token} if card is not None else set()


_VERB = {Show: "shows", Declare: "declares", Drop: "drops", Spread: "spreads", LayOff: "lays off",
         Discard: "discards"}


def _verb(move) -> str:
    if isinstance(move, Draw):
        return "from the stock" if move.source is Source.STOCK else "from the discard pile"
    return _VERB[type(move)]


def _check(text: str) -> int:
    """Every event of every replayed deal told at its move; the number of events checked."""
    document = load_document(text)
    header = read_header(document)
    record = read(document, header)
    judged = session_for(record, header)
    judge(judged)
    options, names = judged.options, judged.names
    beats = GAME.narrate(document, header)
    checked = 0
    for deal, report in zip(record.deals, judged.reports):
        if report.start is None or deal.moves is None:
            continue
        done = _causes(start_deal(options, names, deal, report.start), deal.moves)
        by_index = {m.index: m for m in done}
        told = [b for b in beats if b.deal == deal.number and b.first and b.title != "Stopped"]
        ended = [m for m in done if m.ended or m.before_end]
        for beat in told:
            assert len(beat.plays) == beat.last - beat.first + 1, (deal.number, beat)
            for index, (who, what) in zip(range(beat.first, beat.last + 1), beat.plays):
                cause = by_index[index]
                move = cause.move
                assert who == names[move.player], (deal.number, index, beat)
                assert set(CARD.findall(what.split(" (")[0])) == _cards_of(move), (deal.number, index, what)
                assert _verb(move) in what, (deal.number, index, what)
                if isinstance(move, Show) and options.flip_flop_show is ShowMode.EXPLICIT:
                    assert (f"for {cause.pot}" in what) == cause.counted, (deal.number, index, what)
                checked += 1
            last = by_index[beat.last]
            found = ENDS.search(beat.outcome)
            ending_here = [m for m in ended if m.ended and m.index == beat.last]
            ending_next = [m for m in ended if m.before_end and m.index == beat.last + 1]
            if found:  # the ending is told in the beat of the move that ended the play
                assert ending_here or ending_next or (beat is told[-1] and not ended
                                                      and options.stock_end is StockEnd.AT_DRAW
                                                      and "stock" in beat.outcome), (deal.number, beat)
                ending = (ending_here or ending_next)[0].ending if ending_here or ending_next else Ending.STOCK
                assert _ending_named(ending, beat.outcome), (deal.number, beat.outcome)
                checked += 1
            else:
                assert not ending_here, (deal.number, beat)
            for who, held, stock, pile, top in HOLDS.findall(beat.outcome):  # the table after the beat
                seat = names.index(who)
                assert (int(held), int(stock), int(pile), top or None) == (last.hands[seat], last.stock, last.pile,
                                                                             last.top), (deal.number, beat)
                checked += 1
            if "lowest shown" in beat.outcome:
                for pot, card, who in LOWEST.findall(beat.outcome):
                    best = last.lowest[pot]
                    assert (card or None, who or None) == ((best[0].token, names[best[1]]) if best else (None, None)), \
                        (deal.number, beat.outcome)
                checked += 1
        told_ends = sum(1 for b in told if ENDS.search(b.outcome))
        assert told_ends <= 1, (deal.number, [b.outcome for b in told])  # the end of the play told once
    return checked


def _ending_named(ending: Ending, text: str) -> bool:
    words = {Ending.OUT: "gone out", Ending.TUNK: "tunked out", Ending.DROP: "drops", Ending.DECLARATION: "declares",
             Ending.STOCK: "stock is exhausted"}
    return words[ending] in text


def _broken(data: dict, rng: random.Random) -> dict:
    """A copy with one move of one deal dropped, repeated or swapped with the next."""
    data = copy.deepcopy(data)
    deals = [d for d in data["deals"] if d.get("moves")]
    moves = rng.choice(deals)["moves"]
    i = rng.randrange(len(moves))
    op = rng.randrange(3)
    if op == 0:
        del moves[i]
    elif op == 1:
        moves.insert(i, moves[i])
    elif i + 1 < len(moves):
        moves[i], moves[i + 1] = moves[i + 1], moves[i]
    return data


def test_the_sessions_played_are_of_every_preset():
    assert [p.name for p in presets("game-flip-flop")] == ["dayton"]  # session() plays dayton


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_sessions_tell_each_event_at_its_move(seed):
    _, _, _, data = session(seed)
    assert _check(dump_yaml(data)) > 100


@pytest.mark.parametrize("seed", SEEDS)
def test_broken_copies_tell_each_event_at_its_move(seed):
    _, _, _, data = session(seed)
    rng = random.Random(seed)
    for _ in range(3):
        _check(dump_yaml(_broken(data, rng)))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_tell_each_event_at_its_move(path):
    _check(path.read_text(encoding="utf-8"))


def test_every_kind_of_move_and_every_ending_is_told():
    kinds, endings = set(), set()
    for seed in SEEDS:
        _, _, generated, _ = session(seed)
        kinds |= {type(m) for d in generated.deals for m in d.moves or ()}
        endings |= {d.result.ending for d in generated.deals if d.moves and d.result is not None}
    assert kinds == {Show, Declare, Drop, Draw, Spread, LayOff, Discard}
    assert endings >= {Ending.OUT, Ending.TUNK, Ending.DROP, Ending.CAUGHT, Ending.STOCK, Ending.DECLARATION}, endings


@pytest.mark.parametrize("on_illegal", ["stop", "continue"])
def test_a_move_after_the_last_stock_turn_is_told_after_the_play(on_illegal):
    """GFF-8.12 (stock_end = at_draw): the play ends before the event after the
    last stock turn. Under `continue` that event (here the drawer's discard,
    GFF-8.12's finding) was told as a turn of the play, with the end of the play
    told a second time at it."""
    _, _, _, data = session(OPTION_SETS.index({"stock_end": "at_draw"}))
    data = copy.deepcopy(data)
    data["options"]["on_illegal"] = on_illegal
    moves = data["deals"][0]["moves"]
    drawer, _, source, card = moves[-1].split()
    assert source == "stock"
    moves.append(f"{drawer} discard {card}")
    assert _check(dump_yaml(data)) > 100
    document = load_document(dump_yaml(data))
    beats = [b for b in GAME.narrate(document, read_header(document)) if b.deal == 1 and b.first]
    assert beats[-2].last == len(moves) - 1 and ENDS.search(beats[-2].outcome)
    assert beats[-1].first == beats[-1].last == len(moves)
    assert not beats[-1].title.startswith("Turn") and not ENDS.search(beats[-1].outcome)
