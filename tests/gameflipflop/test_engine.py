"""Engine affordances: mid-deal positions, snapshots, legal moves, census; and
input that is not a transcript of this game."""

from __future__ import annotations

from collections import Counter

from referee.cards import ALL_CARDS, card
from referee.core.state import BatchState, State
from referee.games.gameflipflop import rules as R
from referee.games.gameflipflop.engine import Deal, Stage
from referee.games.gameflipflop.moves import Discard, Draw, LayOff, Source, parse_move
from referee.games.gameflipflop.options import FlipFlopOptions

from .helpers import one_deal, run

NAMES = ("A", "B", "C")


def cards(text: str) -> list:
    return [card(t) for t in text.split()]


def test_mid_deal_position_snapshot_and_legal_moves():
    dealt = {0: cards("4H 5H 6H 9C KS"), 1: cards("6C 7C 8C 2D 3D"), 2: cards("10S JS QS 8D KH")}
    hands = {0: cards("7H 9C 9S"), 1: cards("2D 3D"), 2: cards("8D")}
    spreads = [("S1", 0, cards("4H 5H 6H")), ("S2", 1, cards("6C 7C 8C")), ("S3", 2, cards("10S JS QS"))]
    pile = cards("KS 5D KH")
    used = {c for h in hands.values() for c in h} | {c for _, _, s in spreads for c in s} | set(pile)
    stock = [c for c in ALL_CARDS if c not in used]
    state = Deal.at_position(options=FlipFlopOptions(), names=NAMES, order=(0, 1, 2), dealt=dealt,
                             flip_card=card("KH"), hands=hands, stock=stock, pile=pile, spreads=spreads, turn=0,
                             stage=Stage.DRAWN, drawn=(0, 1, 2))
    assert state.census() == Counter(ALL_CARDS)
    snap = state.table_data()
    assert snap["turn"] == "A" and snap["discard_top"] == "KH" and snap["stock"] == len(stock)
    assert snap["spreads"]["S1"]["cards"] == ["4H", "5H", "6H"]
    legal = state.legal_moves()
    assert LayOff(player=0, card=card("7H"), spread="S1") in legal
    assert Discard(player=0, card=card("9S")) in legal
    for move in ("A layoff 7H S1", "A layoff 9C S2", "A layoff 9S S3"):
        state.apply(parse_move(move, seats={"A": 0, "B": 1, "C": 2}))
    assert not state.findings
    result = state.close()
    assert result.ending.value == "out" and result.game_winners == (0,)


def test_legal_moves_at_the_start_draw_from_the_stock_only():
    hands = {0: cards("4H 5H 6H 9C KS"), 1: cards("6C 7C 8C 2D 3D"), 2: cards("10S JS QS 8D KH")}
    state = Deal(options=FlipFlopOptions(), names=NAMES, order=(0, 1, 2), hands=hands, flip_card=card("KH"))
    legal = state.legal_moves()
    draws = [m for m in legal if isinstance(m, Draw)]
    assert len(draws) == 52 - 15 and all(m.source is Source.STOCK for m in draws)


def test_a_deal_is_a_core_state_whose_moves_return_their_own_findings():
    hands = {0: cards("4H 5H 6H 9C KS"), 1: cards("6C 7C 8C 2D 3D"), 2: cards("10S JS QS 8D KH")}
    state = Deal(options=FlipFlopOptions(), names=NAMES, order=(0, 1, 2), hands=hands, flip_card=card("KH"))
    assert isinstance(state, State) and isinstance(state, BatchState)
    assert state.to_play() == (0,) and not state.stopped and not state.over
    seats = {"A": 0, "B": 1, "C": 2}
    assert state.apply(parse_move("A draw stock 2S", seats=seats)) == ()
    found = state.apply(parse_move("B discard 2D", seats=seats))  # out of turn: the replay stops (dayton)
    assert [(f.rule, f.move, f.player, f.line) for f in found] == [(R.OUT_OF_TURN, 2, "B", None)]
    assert state.stopped and state.halted_at == 2 and state.play_on() is None and state.to_play() == ()
    assert state.finish() == [] and not state.result().settled


def test_finish_flags_a_play_that_has_not_ended_and_play_on_lists_the_legal_moves():
    hands = {0: cards("4H 5H 6H 9C KS"), 1: cards("6C 7C 8C 2D 3D"), 2: cards("10S JS QS 8D KH")}
    state = Deal(options=FlipFlopOptions(), names=NAMES, order=(0, 1, 2), hands=hands, flip_card=card("KH"))
    state.run([parse_move("A draw stock 2S", seats={"A": 0})])
    assert state.play_on() == state.legal_moves() and state.legal_moves()
    found = state.finish()
    assert [(f.rule, f.move, f.stops_deal) for f in found] == [(R.EVENTS, None, True)]
    assert state.stopped and not state.result().settled


def test_unknown_player_or_card_is_an_input_error_with_its_line():
    hands = {"A": "4H 5H 6H 9C KS", "B": "6C 7C 8C 2D 3D", "C": "10S JS QS 8D KH"}
    report = run(one_deal(players="A B C", dealer="C", hands=hands, flip="KH", moves=["Z draw stock 2S"]))
    assert report.exit_code == 2 and report.problems[0].line is not None
    report = run(one_deal(players="A B C", dealer="C", hands=hands, flip="KH", moves=["A draw stock 1S"]))
    assert report.exit_code == 2 and report.problems[0].line is not None
