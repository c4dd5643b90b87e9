"""Scenarios of the second review's rulings: GW-10.9 (dead positions when
hands can be taken) and GW-10.10 (an empty staggered_table)."""

from __future__ import annotations

import pytest

from referee.games import get_game
from referee.games.getaway.engine import Phase
from referee.games.getaway.moves import write_move
from referee.games.getaway.options import GetawayOptions, Scoring, TakeHand
from referee.games.getaway.settle import round_points
from referee.games.getaway.simulate import NAMES, generate, transcript_data
from referee.report import Status
from referee.rulesets import resolve
from referee.writer import dump_yaml
from tests.getaway.helpers import check, order, play, position, preset, rules_at, wheres

AB = ("A", "B")
# A leads AD, B (void in diamonds) breaks and picks it up: B holds 3C 7H AD and leads, A holds 9S.
# No suit is held twice, by one player or by two: under pickup=breaker every lead is broken at once.
TO_DEAD = ["trick 6", "A play AD", "B break"]


def _breaker(take_hand: TakeHand = TakeHand.ANY) -> GetawayOptions:
    return preset("getaway-pickup-breaker", take_hand=take_hand)


def _dead_position(options: GetawayOptions, lines: list[str]):
    state = position(AB, {"A": "9S AD", "B": "3C 7H"}, power="A", trick_no=5, options=options)
    return play(state, lines)


def _numbered(lines: list[str]) -> list[list[str]]:
    """The moves with their trick lines (the replay's shortcuts) and without (the full rule path)."""
    return [lines, [line for line in lines if not line.startswith("trick ")]]


# ------------------------------------------------------------------ GW-10.9


@pytest.mark.parametrize("take_hand", [TakeHand.ANY, TakeHand.LEADER])
@pytest.mark.parametrize("numbered", [True, False])
def test_gw_10_9_take_after_dead_position_is_legal(take_hand, numbered):
    lines = _numbered(TO_DEAD + ["B take A"])[0 if numbered else 1]
    state = _dead_position(_breaker(take_hand), lines)
    assert state.findings == [] and state.phase is Phase.OVER
    result = state.close()
    # GW-3.35: A escapes when his hand is taken; B, the last in-player, loses
    assert result.settled and not result.dead and order(state) == ["A", "B"] and result.loser == 1
    assert result.legs == 4


def test_gw_10_9_take_at_a_dead_position_is_judged_as_usual():
    # under take_hand=leader only B, who leads next, may take: A's take is GW-4.12 at move 4
    state = _dead_position(_breaker(TakeHand.LEADER), TO_DEAD + ["A take B"])
    assert wheres(state) == {(4, "GW-4.12")}
    # under take_hand=any anybody may: A takes B's hand and loses
    state = _dead_position(_breaker(TakeHand.ANY), TO_DEAD + ["A take B"])
    assert state.findings == [] and state.close().loser == 0


@pytest.mark.parametrize("numbered", [True, False])
def test_gw_10_9_broken_lead_after_dead_position_is_legal(numbered):
    lines = _numbered(TO_DEAD + ["trick 7", "B play 3C", "A break", "trick 8", "A play 3C", "B break"])[
        0 if numbered else 1]
    state = _dead_position(_breaker(), lines)
    assert [f for f in state.findings if f.is_error] == []
    assert state.phase is Phase.ENDED and state.trick.number == 8
    result = state.close()  # stopped at a dead position again: a dead round now
    assert result.settled and result.dead and result.loser is None
    assert {f.rule for f in state.findings} <= {"GW-10.6"}  # without trick lines: notes of the reading taken


@pytest.mark.parametrize("take_hand", [TakeHand.ANY, TakeHand.LEADER])
def test_gw_10_9_dead_round_only_when_the_transcript_stops_there(take_hand):
    state = _dead_position(_breaker(take_hand), TO_DEAD)
    state.advance()
    assert state.phase is Phase.WINDOW and state.at_dead_position() and not state.dead
    result = state.close()
    assert result.settled and result.dead and result.loser is None and state.findings == []


def test_gw_10_9_a_take_that_leaves_the_position_dead_then_a_stop_is_a_dead_round():
    # three in-players, every suit held once; C takes A's hand (C's next in-player) and B still leads
    state = position(("A", "B", "C"), {"A": "9S", "B": "3C 7H", "C": "5D"}, power="B", trick_no=5,
                     options=_breaker())
    assert state.at_dead_position()
    play(state, ["C take A"])
    assert state.findings == [] and order(state) == []
    result = state.close()
    assert result.settled and result.dead and [state.players[s] for s in result.order] == ["A"]


def test_gw_10_9_under_take_hand_no_the_round_still_ends_at_once():
    state = _dead_position(_breaker(TakeHand.NO), TO_DEAD + ["trick 7", "B play 3C"])
    assert state.dead and wheres(state) == {(5, "GW-4.14")}


def _generated_dead_round(overrides: dict[str, str]):
    """The first seeded two-player game under pickup=breaker with takes whose round ends dead."""
    options = GetawayOptions.from_values(resolve("getaway", "getaway-pickup-breaker", overrides).values)
    for seed in range(100):
        rounds = generate(options=options, players=NAMES[:2], seed=seed)
        if rounds[0].state.dead:
            return options, rounds
    raise AssertionError("no dead round in 100 seeds")


def _text(options, overrides, rounds, lines=None) -> str:
    data = transcript_data(preset="getaway-pickup-breaker", overrides=overrides, options=options,
                           players=NAMES[:2], rounds=rounds)
    if lines is not None:
        data["deals"][0]["moves"] = lines
        data["deals"][0].pop("claims")
    return dump_yaml(data)


def test_gw_10_9_generator_ends_at_a_dead_position_and_its_transcript_checks_dead():
    overrides = {"take_hand": "any"}
    options, rounds = _generated_dead_round(overrides)
    state = rounds[0].state
    assert state.findings == [] and state.phase is Phase.OVER
    report = check(_text(options, overrides, rounds))
    assert report.status is Status.LEGAL and report.findings == ()
    assert report.deals[0].data["dead"] is True


@pytest.mark.parametrize("numbered", [True, False])
def test_gw_10_9_a_transcript_that_goes_on_with_a_take_is_settled(numbered):
    overrides = {"take_hand": "any"}
    options, rounds = _generated_dead_round(overrides)
    state, players = rounds[0].state, NAMES[:2]
    leader = state.power
    lines = [write_move(m, players) for m in rounds[0].moves]
    lines.append(f"{players[leader]} take {players[1 - leader]}")
    if not numbered:
        lines = [line for line in lines if not line.startswith("trick ")]
    report = check(_text(options, overrides, rounds, lines))
    assert rules_at(report) == set() and report.status is Status.LEGAL
    data = report.deals[0].data
    assert data["dead"] is False and data["loser"] == players[leader]


def test_gw_10_9_a_transcript_that_goes_on_with_a_broken_lead_is_legal_play():
    overrides = {"take_hand": "leader"}
    options, rounds = _generated_dead_round(overrides)
    state, players = rounds[0].state, NAMES[:2]
    leader, other = state.power, 1 - state.power
    lead = sorted(state.hands[leader].counts, key=str)[0]
    lines = [write_move(m, players) for m in rounds[0].moves]
    lines += [f"trick {state.trick_no + 1}", f"{players[leader]} play {lead}", f"{players[other]} break",
              f"{players[other]} take {players[leader]}"]
    report = check(_text(options, overrides, rounds, lines))
    assert rules_at(report) == set() and report.status is Status.LEGAL
    assert report.deals[0].data["loser"] == players[other]
    # the same transcript under take_hand=no ended at the dead position: GW-4.14 at the next event
    lines_no = lines[:len(rounds[0].moves) + 2]
    text = _text(options, overrides, rounds, lines_no).replace("take_hand: leader", "take_hand: 'no'")
    assert rules_at(check(text)) == {(1, len(rounds[0].moves) + 2, "GW-4.14")}


# ----------------------------------------------------------------- GW-10.10


@pytest.mark.parametrize("written", ["", [], " "])
def test_gw_10_10_empty_staggered_table_resolves(written):
    assert resolve("getaway", "getaway", {"staggered_table": written}).values["staggered_table"] == ()


EMPTY_TABLE = {"scoring": "staggered", "staggered_table": ""}


@pytest.mark.parametrize("written", ['""', "[]"])
def test_gw_10_10_empty_staggered_table_scores_zero_for_every_place(written):
    text = get_game("getaway").simulate(preset="getaway", players=4, seed=5, options=EMPTY_TABLE)
    text = text.replace('staggered_table: ""', f"staggered_table: {written}")
    assert f"staggered_table: {written}" in text
    report = check(text)
    assert report.status is Status.LEGAL and report.findings == ()
    assert report.deals[0].data["loser"] and report.deals[0].data["points"] == {name: 0 for name in NAMES[:4]}
    assert report.settlement["totals"] == {name: 0 for name in NAMES[:4]}


def test_gw_10_10_a_claim_of_table_points_differs():
    options = GetawayOptions.from_values(resolve("getaway", "getaway", EMPTY_TABLE).values)
    rounds = generate(options=options, players=NAMES[:3], seed=2)
    data = transcript_data(preset="getaway", overrides=EMPTY_TABLE, options=options, players=NAMES[:3],
                           rounds=rounds)
    loser = data["deals"][0]["claims"]["loser"]
    data["deals"][0]["claims"]["points"][loser] = "3"  # what the default table 3,1 would give
    errors = [f for f in check(dump_yaml(data)).findings if f.is_error]
    assert [(f.deal, f.rule) for f in errors] == [(1, "GW-4.15")]


def test_gw_10_10_round_points_with_an_empty_table():
    from referee.games.getaway.engine import RoundResult

    options = preset("getaway", scoring=Scoring.STAGGERED, staggered_table=())
    result = RoundResult(settled=True, dead=False, order=(2, 0, 3, 1), loser=1, legs=5, penalties=())
    assert round_points(result, options, 4) == {0: 0, 1: 0, 2: 0, 3: 0}


def test_gw_10_10_simulate_takes_an_empty_table_on_the_command_line():
    from click.testing import CliRunner

    from referee.cli import main

    result = CliRunner().invoke(main, ["simulate", "getaway", "--players", "3", "--seed", "4",
                                       "-o", "scoring=staggered", "-o", "staggered_table="])
    assert result.exit_code == 0, result.output
    report = check(result.output)
    assert report.status is Status.LEGAL and set(report.deals[0].data["points"].values()) == {0}
