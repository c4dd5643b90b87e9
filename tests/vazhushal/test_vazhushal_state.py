"""Vazhushal on the referee core: the engine is a `State` (findings per
move, no positions in moves), the check runs the core driver through
`VazhushalMatch`, and what a stop leaves to VZ-5.2 is told from the moves
recorded after it, as the old loop told it."""

from __future__ import annotations

from referee.check import check_text
from referee.core.driver import Opening, play_deal, replay
from referee.core.state import Snapshot, State
from referee.games.vazhushal import GAME
from referee.games.vazhushal.game import VazhushalMatch
from referee.games.vazhushal.moves import DrawStock, parse_move
from referee.games.vazhushal.options import VazhushalOptions
from referee.games.vazhushal.record import read_record
from referee.transcript import read_header
from referee.writer import dump_yaml
from referee.yamldoc import load_document
from vazhushal_helpers import by_move, generated, position

E2_HAND = "8C 2D 5D JD AS 3S 6H 10H QH KC 4C 2H 7D"
E2_LINE = "4S 9S 7C 3H KH 9C"  # top first: a take of 4 has the key card 3H


def moves(*lines: str) -> tuple:
    return tuple(parse_move(text, seats={"P": 0, "Q": 1}) for text in lines)


def match_of(text: str) -> VazhushalMatch:
    document = load_document(text, name="t.yaml")
    header = read_header(document)
    return VazhushalMatch(read_record(document, header.players), VazhushalOptions.from_values(header.ruleset.values))


def test_the_engine_is_a_core_state_with_the_findings_of_each_move():
    state = position(hands={"P": E2_HAND}, negative="5H", line=E2_LINE)
    assert isinstance(state, State)
    assert state.to_play() == (0,) and not state.stopped and not state.over
    take, meld, discard, again = moves("P draw line 6", "P meld 7C 8C 9C", "P discard 2H", "P discard KC")
    assert [state.apply(m) for m in (take, meld, discard)] == [(), (), ()]
    assert state.to_play() == (1,)
    found = state.apply(again)  # a second discard in one turn: that move's finding only
    assert [(f.rule, f.move, f.line) for f in found] == [("VZ-4.5", 4, None)]  # the driver gives the line
    assert isinstance(state.snapshot(hide_hands=True), Snapshot)
    assert "hands" not in state.snapshot(hide_hands=True).data and "hands" in state.snapshot(hide_hands=False).data
    assert [(f.rule, f.move) for f in state.finish()] == [("VZ-9.5", 4)]  # the game has not ended
    assert not state.result().settled and state.finished


def test_moves_are_values_without_positions():
    a, b = moves("P draw stock 4D", "P draw stock 4D")
    assert a == b and hash(a) == hash(b) and a == DrawStock(player=0, card=a.card)


def test_a_stop_reads_the_moves_recorded_after_it_for_the_key_card():
    """VZ-9.3 stops the replay at move 2; the key card 3H of move 1 is melded
    at move 3 (no VZ-5.2) or never (VZ-5.2 at move 1, right after the stop)."""
    used = moves("P draw line 4", "P meld 7C 8C 9C", "P meld 3H 3S 3D", "P discard 2H")
    unused = moves("P draw line 4", "P meld 7C 8C 9C", "P discard 2H")
    for recorded, expected in ((used, {2: {"VZ-9.3"}}), (unused, {2: {"VZ-9.3"}, 1: {"VZ-5.2"}})):
        state = position(hands={"P": E2_HAND}, negative="5H", line=E2_LINE)
        state.ahead = recorded  # as `VazhushalMatch.open` builds it
        play = play_deal(Opening(number=1, state=state, moves=recorded), players=("P", "Q"))
        assert by_move(play.findings) == expected
        assert [f.rule for f in play.findings][0] == "VZ-9.3"  # the stop first, as before
        assert play.state.stopped and not play.state.result().settled
        # the same as applying every move, the ghost watching them (no `ahead`)
        plain = position(hands={"P": E2_HAND}, negative="5H", line=E2_LINE)
        for move in recorded:
            plain.apply(move)
        plain.finish()
        assert [(f.rule, f.move) for f in plain.findings] == [(f.rule, f.move) for f in play.findings]


def test_a_record_in_progress_cut_after_a_stop_reports_no_key_card_yet():
    cut = moves("P draw line 4", "P meld 7C 8C 9C")
    state = position(hands={"P": E2_HAND}, negative="5H", line=E2_LINE)
    state.ahead = cut
    play = play_deal(Opening(number=1, state=state, moves=cut), players=("P", "Q"), playing=True)
    assert by_move(play.findings) == {2: {"VZ-9.3"}} and play.progress.state == "stopped"


def test_a_game_without_moves_is_not_settled_at_no_line():
    data = generated(seed=1)
    data["deals"][0]["moves"] = []
    data["deals"][0].pop("claims", None)
    data.pop("claims", None)
    report = check_text(dump_yaml(data), name="t.yaml")
    assert [(f.rule, f.move, f.line) for f in report.findings] == [("VZ-9.5", None, None)]


def test_the_engine_counts_the_turns_replay_tells():
    for seed in range(4):
        text = GAME.simulate(preset="vazhushal", players=2 + seed % 3, seed=seed, options={})
        data = load_document(text).data
        moves_ = data["deals"][0]["moves"]
        at = next(i for i, line in enumerate(moves_) if " draw stock " in line and i > 10 + seed)
        moves_[at] = moves_[at].rsplit(" ", 1)[0] + " " + data["deals"][0]["hands"][data["players"][0]].split()[0]
        for text in (text, dump_yaml(data)):  # legal, and stopped by a card drawn from a hand
            document = load_document(text, name="t.yaml")
            beats = GAME.narrate(document, read_header(document))
            match = match_of(text)
            for deal in match.record.deals:
                run = replay(match_of(text), deal=deal.number).rest()
                told = [b for b in beats if b.deal == deal.number and b.title.startswith("Turn ")]
                assert run.state.turns == len(told), (seed, deal.number)


def test_show_is_the_state_the_core_replay_reaches():
    text = GAME.simulate(preset="vazhushal", players=3, seed=7, options={"match_wins": "2"})
    document = load_document(text, name="t.yaml")
    header = read_header(document)
    deals = document.data["deals"]
    for deal in range(1, len(deals) + 1):
        for move in (1, len(deals[deal - 1]["moves"]) // 2):
            shown = GAME.position(document, header, deal=deal, move=move)
            state = replay(match_of(text), deal=deal, upto=move).state
            assert state.count == move - 1
            assert shown.data == state.snapshot(hide_hands=False).data
            assert shown.to_move == tuple(state.players[s] for s in state.to_play())
