"""TP-1 to TP-11: two in-players (GW-3.41, GW-3.42), getaway.md section 8.

A has power and leads trick 10; the waste pile is W0 = {2C 7S QD 10C 4H 6S}.
"""

import pytest

from referee.games.getaway.options import EmptyPower, GetawayOptions
from tests.getaway.helpers import order, play, position

W0 = "2C 7S QD 10C 4H 6S"
PLAYERS = ("A", "B")


def _run(a: str, b: str, events: list[str], options: GetawayOptions | None = None):
    state = position(PLAYERS, {"A": a, "B": b}, power="A", trick_no=9, waste=W0, options=options)
    play(state, events)
    return state, state.close()


@pytest.mark.parametrize(
    ("vector", "a", "b", "events", "finish", "legs"),
    [
        ("TP-1", "9H 3C", "5D", ["A play 9H", "B play 5D"], ["B", "A"], 3),
        ("TP-2", "9H 3C", "5H", ["A play 9H", "B play 5H"], ["B", "A"], 1),
        ("TP-3", "9H", "5H", ["A play 9H", "B play 5H"], ["B", "A"], 0),
        ("TP-4", "9H", "KH", ["A play 9H", "B play KH"], ["A", "B"], 0),
        ("TP-5", "9H", "KH 2C", ["A play 9H", "B play KH"], ["A", "B"], 1),
        ("TP-6", "9H", "5H QC 3D AD",
         ["A play 9H", "B play 5H", "A draw waste 10C", "A play 10C", "B play QC"], ["A", "B"], 2),
        ("TP-7", "9H", "5H 8C 3D AD",
         ["A play 9H", "B play 5H", "A draw waste 10C", "A play 10C", "B play 8C", "A draw waste 6S",
          "A play 6S", "B play 3D"], ["B", "A"], 2),
        ("TP-8", "9H", "5H 8C",
         ["A play 9H", "B play 5H", "A draw waste 10C", "A play 10C", "B play 8C"], ["B", "A"], 0),
        ("TP-9", "9H", "5D 7D",
         ["A play 9H", "B play 5D", "A play 5D", "B play 7D", "B draw waste QD", "B play QD", "A play 9H"],
         ["A", "B"], 2),
    ],
)
def test_two_player_vectors(vector, a, b, events, finish, legs):
    state, result = _run(a, b, events)
    assert state.findings == [], vector
    assert result.settled
    assert order(state) == finish
    assert state.players[result.loser] == finish[-1]
    assert result.legs == legs


def test_tp6_waste_pile_after_the_draw():
    state = position(PLAYERS, {"A": "9H", "B": "5H QC 3D AD"}, power="A", trick_no=9, waste=W0)
    play(state, ["A play 9H", "B play 5H", "A draw waste 10C"])
    assert sorted(c.token for c in state.waste.elements()) == sorted("2C 7S QD 4H 6S 9H 5H".split())
    assert state.duty[0].token == "10C"  # A must lead the drawn card


def test_tp7_a_card_of_the_trick_just_finished_cannot_be_drawn():
    state = position(PLAYERS, {"A": "9H", "B": "5H 8C 3D AD"}, power="A", trick_no=9, waste=W0)
    play(state, ["A play 9H", "B play 5H", "A draw waste 10C", "A play 10C", "B play 8C", "A draw waste 8C"])
    assert [(f.rule, f.move) for f in state.findings] == [("GW-4.13", 6)]


def test_tp7_shortcut_ends_the_round_with_b_holding_cards():
    state, result = _run("9H", "5H 8C 3D AD", ["A play 9H", "B play 5H", "A draw waste 10C", "A play 10C",
                                               "B play 8C", "A draw waste 6S", "A play 6S", "B play 3D"])
    assert [c.token for c in state.hands[1]] == ["AD"]
    assert sorted(c.token for c in state.hands[0]) == ["3D", "6S"]


def test_tp9_no_shortcut_after_an_undrawn_lead():
    state = position(PLAYERS, {"A": "9H", "B": "5D 7D"}, power="A", trick_no=9, waste=W0)
    play(state, ["A play 9H", "B play 5D"])
    state.advance()
    assert state.phase.name == "WINDOW" and state.players[state.power] == "A"
    assert sorted(c.token for c in state.hands[0]) == ["5D", "9H"]


def test_tp10_drawing_a_card_of_the_trick_just_finished():
    state, result = _run("9H", "5H QC 3D AD", ["A play 9H", "B play 5H", "A draw waste 9H", "A play 9H", "B play QC"])
    assert [(f.rule, f.move, f.stops_deal) for f in state.findings] == [("GW-4.13", 3, True)]
    assert not result.settled


def test_tp11_pass_lead_falls_back_to_drawing_with_one_other():
    options = GetawayOptions(empty_power=EmptyPower.PASS_LEAD)
    state, result = _run("9H", "5H QC 3D AD",
                         ["A play 9H", "B play 5H", "A draw waste 10C", "A play 10C", "B play QC"], options)
    assert state.findings == []
    assert order(state) == ["A", "B"] and result.legs == 2
