"""A finding carries its GW-4.1 penalty as data: the rule, the offender, the cards he takes, the trick he leads."""

import json

from referee.check import check_text
from referee.findings import Penalty
from referee.render import render_json
from tests.getaway.helpers import play, position

NESW = ("N", "E", "S", "W")
HANDS = {"N": "8C 2H", "E": "QC 5D", "S": "2C 4S", "W": "3C 9S"}
VOID = {"N": "8C 2H", "E": "5D 6D", "S": "2C 4S", "W": "3C 9S"}


def test_gw_4_4_revoke_penalty_names_the_offender_the_trick_cards_and_the_next_trick():
    state = play(position(NESW, HANDS, power="N", trick_no=11), ["N play 8C", "E play 5D"])
    [finding] = state.findings
    assert (finding.move, finding.rule) == (2, "GW-4.4")
    assert finding.penalty == Penalty(rule="GW-4.1", player="E", cards=("8C", "5D"), leads=13)


def test_gw_4_2_late_plays_each_take_the_whole_trick_so_far():
    state = play(position(NESW, VOID, power="N", trick_no=11),
                 ["trick 12", "N play 8C", "E play 5D", "S play 2C", "W play 3C"])
    assert [(f.move, f.rule) for f in state.findings] == [(4, "GW-4.2"), (5, "GW-4.2")]
    first, second = (f.penalty for f in state.findings)
    assert (first.rule, first.player, first.cards, first.leads) == ("GW-4.1", "S", ("8C", "5D", "2C"), 13)
    assert (second.rule, second.player, second.cards, second.leads) == ("GW-4.1", "W", ("8C", "5D", "2C", "3C"), 13)


def test_penalty_text_is_its_one_written_form():
    assert Penalty(rule="GW-4.1", player="E", cards=("2C", "10D"), leads=8).text() == "GW-4.1: E takes 2C 10D and leads trick 8"
    assert Penalty(rule="GW-4.1", player="E", leads=3).text() == "GW-4.1: E takes no cards and leads trick 3"
    assert Penalty(rule="GW-4.1").text() == "GW-4.1"


def test_json_keeps_the_penalty_text_and_adds_its_data():
    text = open("samples/getaway/disputed-revoke.yaml", encoding="utf-8").read()
    report = check_text(text, name="disputed-revoke.yaml")
    finding = next(f for f in report.findings if f.penalty is not None)
    data = json.loads(render_json([report]))["reports"][0]["findings"]
    shown = next(f for f in data if "penalty" in f)
    assert shown["penalty"] == finding.penalty.text()
    assert shown["penalty_data"] == {"rule": finding.penalty.rule, "player": finding.penalty.player,
                                     "cards": list(finding.penalty.cards), "leads": finding.penalty.leads}


def test_show_writes_a_hidden_card_of_a_penalty_as_hidden():
    from referee.views import HIDDEN_CARD, _redact_penalty, rules_cited
    from referee.findings import Finding

    penalty = Penalty(rule="GW-4.1", player="E", cards=("8C", "5D"), leads=13)
    assert _redact_penalty(penalty, frozenset({"5D", "AS"})).cards == ("8C", HIDDEN_CARD)
    assert _redact_penalty(penalty, frozenset({"AS"})) is penalty
    assert rules_cited([Finding(rule="GW-4.4", message="", penalty=penalty)]) == ["GW-4.4", "GW-4.1"]
