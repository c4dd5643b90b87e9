"""The digest's catalogue of detectable violations (tjuv.md section 4, V1 to
V31): each is detected and cited with its rule. Scenario tests cover more
cases of several of them (test_tjuv_scenarios.py)."""

from __future__ import annotations

import pytest

from referee.cards import card
from referee.games.tjuv import rules as R
from referee.games.tjuv.talon import Talon
from referee.report import Status

from tests.tjuv.tjuv_support import (P2, P3, cards, check, deal_check, deal_data, errors, generated, options, play,
                                     position, rules_at, where)

FOUR = ("P1", "P2", "P3", "P4")
R1_3 = {"P1": "6S 6D KH", "P2": "9C JD AS", "P3": "7H 10S QC"}
X_3 = {"P1": "6D", "P2": "9C", "P3": "7H"}
R1_4 = {**R1_3, "P4": "8D 8S 10C"}
X_4 = {**X_3, "P4": "8S"}


def deal_rules(data, **kwargs) -> set[str]:
    return {f.rule for f in deal_check(data, **kwargs).findings if f.is_error}


def three(**changes):
    values = {"round_one": R1_3, "exposed": X_3, **changes}
    return deal_data(P3, dealer="P3", **values)


def four(**changes):
    values = {"round_one": R1_4, "exposed": X_4, "removed": "9C", **changes}
    return deal_data(FOUR, dealer="P4", **values)


def test_legal_deal_records():
    assert deal_rules(three()) == set()
    assert deal_rules(four()) == set()


# V1 TJ-2.1
@pytest.mark.parametrize("changes", [
    {"round_one": {**R1_3, "P1": "5S 6D KH"}},
    {"round_one": {**R1_3, "P1": "JK 6D KH"}},
    {"round_one": {**R1_3, "P1": "6S 6D JD"}},  # JD is P2's too
    {"round_two": {"P1": "AS"}},  # AS is P2's round-one card
    {"talon": "2C"},
])
def test_v1_card_outside_the_pack_or_in_two_places(changes):
    check = deal_check(three(**changes))
    assert R.PACK in {f.rule for f in check.findings}
    assert check.start is None


def test_v1_a_card_outside_the_pack_in_a_move():
    state = position(P3, mover="P1", hands={"P1": "AS KS QS"}, table="6H 7H 8H")
    assert errors(play(state, ["P1 play 5S"])) == [(1, 1, R.PACK)]


# V2 TJ-2.3
@pytest.mark.parametrize("players, value", [(("P1",), "seats"), (tuple(f"P{i}" for i in range(1, 13)), "seats"),
                                            (P3, "4")])
def test_v2_seat_count(players, value):
    data = {"format": "1", "game": "tjuv", "players": list(players), "options": {"players": value},
            "deals": [{"dealer": "P1", "moves": []}]}
    report = check(data)
    assert where(report) == [(None, None, R.PLAYERS)]
    assert not report.deals[0].settled


def test_v2_five_or_more_players_is_an_advisory_note():
    data, _ = generated(players=5, seed=2)
    report = check(data)
    assert report.status is Status.LEGAL
    assert [(f.rule, f.severity.value) for f in report.findings] == [(R.ADVISORY, "note")]


# V3 TJ-2.5
def test_v3_round_one_hand_not_three_cards():
    assert deal_rules(three(round_one={**R1_3, "P3": "7H 10S"})) == {R.ROUND_ONE}


# V4 TJ-2.6
@pytest.mark.parametrize("exposed", [{**X_3, "P1": "KH"}, {**X_3, "P1": "AS"}, {**X_3, "P1": "6D 6S"},
                                     {**X_3, "P1": ""}])
def test_v4_exposure(exposed):
    assert R.EXPOSE in deal_rules(three(exposed=exposed))


def test_v4_exposure_is_derived_when_forced_and_must_be_recorded_when_not():
    assert deal_rules(three(exposed={"P2": "9C", "P3": "7H"})) == {R.MISSING_DATA}  # P1 holds 6S and 6D
    assert deal_rules(three(exposed={"P1": "6S"})) == set()


# V5 TJ-2.7
@pytest.mark.parametrize("extra", [None, "", "7S 8S"])
def test_v5_two_players_extra_card(extra):
    data = deal_data(P2, dealer="P2", round_one={"P1": "9S 6H QD", "P2": "10C 10H AS"},
                     exposed={"P1": "6H", "P2": "10H"}, extra=extra)
    assert deal_rules(data) == {R.TWO_PLAYERS}


# V6 TJ-2.8
@pytest.mark.parametrize("changes", [{"extra": "7S"}, {"removed": "9C"}])
def test_v6_three_players_adjustment(changes):
    assert deal_rules(three(**changes)) == {R.THREE_PLAYERS}


# V7 TJ-2.9
@pytest.mark.parametrize("changes", [{"removed": ""}, {"removed": "9C 8S"}, {"removed": "8S"}, {"extra": "7S"},
                                     {"removed": "QC"}])
def test_v7_four_players_removal(changes):
    assert R.REMOVAL in deal_rules(four(**changes))


# V8 TJ-2.10
@pytest.mark.parametrize("round_two", [{"P1": ""}, {"P1": "AD KD"}])
def test_v8_round_two_not_one_card(round_two):
    assert deal_rules(four(round_two=round_two)) == {R.ROUND_TWO}


# V9 TJ-2.12
def test_v9_removed_card_in_round_two():
    assert deal_rules(four(round_two={"P2": "9C"})) == {R.REMOVED_AT_BOTTOM}


def test_v9_ten_players_deal_removed_cards_back_to_the_last_recipients():
    seats = tuple(f"P{i}" for i in range(1, 11))
    hands = ["6S 7S 8S", "6H 7H 8H", "6D 7D 8D", "6C 7C 8C", "9S 10S JS", "9H 10H JH", "9D 10D JD", "9C 10C JC",
             "QS KS AS", "QH KH AH"]
    round_one = dict(zip(seats, hands))
    exposed = {p: h.split()[0] for p, h in round_one.items()}  # 6S 6H 6D 6C 9S 9H 9D 9C QS QH
    removed = "QS QH 9S 9H 9D 9C 6C"
    stock = ["QD", "KD", "AD", "QC", "KC", "AC"]  # the six stock cards above the removed ones
    legal = dict(zip(seats, stock + ["9S", "9H", "9D", "9C"]))  # P1..P6 first (the dealer P10 last)
    data = deal_data(seats, dealer="P10", round_one=round_one, exposed=exposed, removed=removed, round_two=legal)
    check = deal_check(data)
    assert [f.rule for f in check.findings if f.is_error] == []
    assert sorted(c.token for c in check.start.bottom) == sorted(["QS", "QH", "6C"])
    early = dict(zip(seats, ["9S"] + stock[1:] + [stock[0], "9H", "9D", "9C"]))
    assert deal_rules(deal_data(seats, dealer="P10", round_one=round_one, exposed=exposed, removed=removed,
                                round_two=early)) == {R.REMOVED_AT_BOTTOM}


def test_v9_removed_card_drawn_or_turned_early():
    for verb, opts in (("draw", options()), ("turn", options(table_refill="from_talon"))):
        talon = Talon(upper=cards("AD KD"), bottom=cards("9C"))
        state = position(FOUR, mover="P1", hands={"P1": "AS KS QS"}, table="6H", talon=talon, opts=opts)
        lines = ["P1 play AS", "P1 draw AD", f"P1 {verb} 9C"] if verb == "turn" else ["P1 play AS", "P1 draw 9C"]
        play(state, lines)
        assert rules_at(state, len(lines)) == {R.REMOVED_AT_BOTTOM}


# V10 TJ-3.1
def v10_position():
    return position(P3, mover="P1", hands={"P1": "AS KS QS", "P2": "AH KH QH", "P3": "AD KD QD"}, table="6C 7C 8C",
                    talon="AC KC QC JC")


@pytest.mark.parametrize("lines, index", [
    (["P2 play AH"], 1),  # first turn not the dealer's left neighbour's
    (["P1 draw AC"], 1),  # drawing before playing
    (["P1 pass"], 1),  # a pass
    (["P1 play"], 1),  # no card played: a pass too
    (["P1 play AS", "P1 draw AC", "P1 play KS"], 3),  # playing twice in a row
    (["P1 play AS", "P1 draw AC", "P3 play AD"], 3),  # out of turn
    (["P1 play AS", "P2 draw AC"], 2),  # acting in another's turn
])
def test_v10_turn_and_step_order(lines, index):
    state = play(v10_position(), lines)
    assert errors(state) == [(1, index, R.SEQUENCE)]


def test_v10_acting_after_the_deal_ended():
    state = position(P2, mover="P1", hands={"P1": "KS", "P2": "QH"}, table="")
    play(state, ["P1 play KS", "P2 play QH", "P2 play QH"])
    assert errors(state) == [(1, 3, R.SEQUENCE)]


# V11 TJ-3.2
@pytest.mark.parametrize("line", ["P1 play AH", "P1 play AS KS"])
def test_v11_played_card_not_held_or_two_cards(line):
    assert errors(play(v10_position(), [line])) == [(1, 1, R.PLAY)]


# V12, V13 TJ-3.3, TJ-3.4
@pytest.mark.parametrize("line, rules", [
    ("P1 play 9C capture 6C 7C 8C", set()),
    ("P1 play 9C capture 6C 7C 8C 9H", {R.CAPTURE_SET}),  # not on the table
    ("P1 play 9C capture 6C 7C 8C JC", {R.CAPTURE_SET}),  # higher
    ("P1 play 9C capture 6C 7C 8C 6H", {R.CAPTURE_SET}),  # another suit
    ("P1 play 9C capture 6C 7C", {R.COMPULSORY}),
    ("P1 play 9C capture none", {R.COMPULSORY}),
    ("P1 play 9C capture 6C 6H", {R.COMPULSORY, R.CAPTURE_SET}),
])
def test_v12_v13_recorded_captures(line, rules):
    state = position(P3, mover="P1", hands={"P1": "9C AS KS"}, table="6C 7C 8C 6H JC", talon="AD")
    assert rules_at(play(state, [line]), 1) == rules


# V14 to V18: TJ-3.6 to TJ-3.10
def steal_position(mode: str = "optional"):
    return position(P3, mover="P1", hands={"P1": "JS 9D 6C", "P2": "AC KC QC", "P3": "JD QD KD"},
                    table="8S 10D 7C", piles=[("P1", "7S 6S"), ("P2", "9S 6D"), ("P2", "10H 7H"), ("P3", "QS 8D")],
                    opts=options(steal_mode=mode))


@pytest.mark.parametrize("line, rules", [
    ("P1 play JS steal 9S", set()),
    ("P1 play JS steal 10H", {R.ELIGIBLE}),  # V14 another suit
    ("P1 play JS steal QS", {R.ELIGIBLE}),  # V14 not lower
    ("P1 play JS steal AH", {R.ELIGIBLE}),  # no such pile (stops)
    ("P1 play 9D steal 9S", {R.STEAL_NEEDS_CAPTURE}),  # V15 nothing captured
    ("P1 play JS steal 6D", {R.WHOLE_PILES}),  # V17 a card under a top
    ("P1 play JS steal 9S 7S", {R.OWN_PILE}),  # V18
])
def test_v14_to_v18_steals(line, rules):
    assert rules_at(play(steal_position(), [line]), 1) == rules


@pytest.mark.parametrize("mode, line, legal", [
    ("all_or_none", "P1 play JS", True),
    ("all_or_none", "P1 play JS steal 9S", True),  # the only eligible pile
    ("mandatory", "P1 play JS steal none", False),
    ("mandatory", "P1 play JS", True),  # derived
])
def test_v16_steal_mode(mode, line, legal):
    state = play(steal_position(mode), [line])
    assert rules_at(state, 1) == (set() if legal else {R.STEAL_MODE})


def test_v16_mandatory_derived_steal_is_taken():
    state = play(steal_position("mandatory"), ["P1 play JS"])
    assert state.piles[card("JS")].size == 4 and card("9S") not in state.piles


# V19 TJ-3.11
@pytest.mark.parametrize("line", ["P1 play JS steal 9S into 7S", "P1 play JS top 8S", "P1 play JS top 10H",
                                  "P1 play JS into 9S"])
def test_v19_new_pile(line):
    assert rules_at(play(steal_position(), [line]), 1) == {R.NEW_PILE}


# V20 TJ-3.12
def test_v20_draws():
    talon = "AC KC QC JC"
    state = position(P3, mover="P1", hands={"P1": "AS KS QS", "P2": "AH KH QH"}, table="6C 7C 8C 9H", talon=talon)
    assert errors(play(state, ["P1 play AS", "P1 draw KC"])) == [(1, 2, R.DRAW)]  # not the top card
    state = position(P3, mover="P1", hands={"P1": "AS KS QS", "P2": "AH KH QH"}, table="6C 7C 8C 9H", talon=talon)
    assert errors(play(state, ["P1 play AS", "P2 play AH"])) == [(1, 2, R.DRAW)]  # no draw
    state = position(P3, mover="P1", hands={"P1": "AS KS QS", "P2": "AH KH QH"}, table="6C 7C 8C 9H", talon=talon)
    assert errors(play(state, ["P1 play AS", "P1 draw", "P1 draw"])) == [(1, 3, R.DRAW)]  # two cards
    state = position(P3, mover="P1", hands={"P1": "AS KS QS", "P2": "AH KH QH"}, table="6C 7C 8C 9H")
    assert errors(play(state, ["P1 play AS", "P1 draw AC"])) == [(1, 2, R.DRAW)]  # an empty talon


# V21 TJ-3.13, V22 TJ-3.14, V23 TJ-3.15
def refill_position(**kwargs):
    return position(P3, mover="P1", hands={"P1": "9C AS KS", "P2": "AH KH QH"}, table="6C 7C 8C",
                    talon="AD KD QD JD 10D", **kwargs)


@pytest.mark.parametrize("lines, index, rules", [
    (["P1 play 9C", "P1 draw AD", "P1 place AS", "P1 draw KD", "P1 place KS", "P1 draw QD", "P1 place AD",
      "P1 draw JD"], 8, set()),
    (["P1 play 9C", "P1 draw AD", "P1 place AS", "P1 draw KD", "P2 play AH"], 5, {R.REFILL_NEEDED}),  # early stop
    (["P1 play 9C", "P1 draw AD", "P2 play AH"], 3, {R.REFILL_NEEDED}),  # left out
    (["P1 play 9C", "P1 draw AD", "P1 place AS", "P1 draw KD", "P1 place KS", "P1 draw QD", "P1 place AD",
      "P1 draw JD", "P1 place KD"], 9, {R.REFILL_NEEDED}),  # carried on
    (["P1 play 9C", "P1 draw AD", "P1 place AS", "P1 place KS"], 4, {R.REFILL_FROM_HAND}),  # no draw between
    (["P1 play 9C", "P1 draw AD", "P1 place QH"], 3, {R.REFILL_FROM_HAND}),  # not held
    (["P1 play 9C", "P1 draw AD", "P1 place AS capture 9C"], 3, {R.REFILL_FROM_HAND}),
    (["P1 play 9C", "P1 draw AD", "P1 turn KD"], 3, {R.REFILL_FROM_HAND}),
])
def test_v21_v22_refill_from_hand(lines, index, rules):
    state = play(refill_position(), lines)
    assert rules_at(state, index) == rules
    assert all(at == index for _, at, _ in errors(state))


@pytest.mark.parametrize("lines, index, rules", [
    (["P1 play 9C", "P1 draw", "P1 turn", "P1 turn", "P1 turn"], 5, set()),
    (["P1 play 9C", "P1 draw AD", "P1 place AS"], 3, {R.REFILL_FROM_TALON}),
    (["P1 play 9C", "P1 draw AD", "P1 turn KD capture 9C"], 3, {R.REFILL_FROM_TALON}),
    (["P1 play 9C", "P1 draw AD", "P1 turn QD"], 3, {R.REFILL_FROM_TALON}),  # not the top card
    (["P1 play 9C", "P1 draw AD", "P1 turn KD", "P2 play AH"], 4, {R.REFILL_NEEDED}),
    (["P1 play 9C", "P1 draw", "P1 turn", "P1 turn", "P1 turn", "P1 turn"], 6, {R.REFILL_NEEDED}),
])
def test_v21_v23_refill_from_talon(lines, index, rules):
    state = play(refill_position(opts=options(table_refill="from_talon")), lines)
    assert rules_at(state, index) == rules
    assert all(at == index for _, at, _ in errors(state))


# V24 TJ-3.17
def test_v24_deal_declared_over_while_cards_are_held():
    data, _ = generated(seed=4)
    moves = data["deals"][0]["moves"]
    data["deals"][0]["moves"] = moves[:-3]
    report = check(data)
    assert where(report)[-1] == (1, len(moves) - 3, R.END_OF_PLAY)


# V25 TJ-3.18
def test_v25_sweep_claims():
    data, deals = generated(seed=4)
    sweep = deals[0].state.swept
    assert sweep is not None
    claims = data["deals"][0]["claims"]
    owner, size = data["players"][sweep.owner], sweep.size
    other = next(p for p in data["players"] if p != owner)
    claims["sweep"] = {"player": other}
    assert where(check(data)) == [(1, None, R.SWEEP)]
    claims["sweep"] = {"player": owner, "cards": "AS"}
    assert where(check(data)) == [(1, None, R.SWEEP)]
    del claims["sweep"]
    claims["counts"][owner] = str(int(claims["counts"][owner]) - size)  # the sweep left uncounted
    assert where(check(data)) == [(1, None, R.SUM), (1, None, R.COUNT), (1, None, R.SWEEP)]


# V26 TJ-3.19
def test_v26_hand_limit():
    state = position(P3, mover="P1", hands={"P1": "9C AS KS QS", "P2": "AH KH QH"}, table="6C 7C 8C JH",
                     talon="AD KD")
    play(state, ["P1 play AS", "P1 draw AD", "P2 play AH"])
    assert errors(state) == [(1, 3, R.HAND_LIMIT)]


def test_v26_backstop_is_silent_when_the_turn_already_has_a_finding():
    state = position(P3, mover="P1", hands={"P1": "9C AS KS", "P2": "AH KH QH"}, table="6C 7C 8C JH",
                     talon="AD KD", opts=options(on_violation="continue"))
    play(state, ["P1 play AS", "P1 draw AD", "P1 draw KD", "P2 play AH"])
    assert errors(state) == [(1, 3, R.DRAW)]


# V27, V28 TJ-5.1, TJ-5.2, TJ-5.3
def test_v27_v28_claims():
    data, deals = generated(seed=5)
    claims = data["deals"][0]["claims"]
    names = data["players"]
    claims["counts"] = {p: "13" for p in names}  # 39 cards
    assert where(check(data)) == [(1, None, R.SUM), (1, None, R.COUNT)]
    claims["counts"] = {p: str(c) for p, c in zip(names, deals[0].score.counts)}
    claims["winners"] = names
    assert where(check(data)) == [(1, None, R.WINNER)]


# V29 TJ-5.5, TJ-5.6: see test_tjuv_settle.py


def test_v30_unknown_option_preset_or_value_is_refused():
    data, _ = generated(seed=5)
    for key, value in (("ruleset", "tjuv-1999"), ("options", {"stealing": "yes"}), ("options", {"steal_mode": "x"})):
        broken = {**data, key: value}
        report = check(broken)
        assert report.status is Status.UNUSABLE and report.problems[0].line is not None


# V31 TJ-10.x
@pytest.mark.parametrize("drop, rule", [("dealer", R.HEADER), ("round_one", R.MISSING_DATA),
                                        ("round_two", R.MISSING_DATA), ("moves", R.TURN_RECORD)])
def test_v31_missing_record_data(drop, rule):
    data, _ = generated(seed=6)
    del data["deals"][0][drop]
    report = check(data)
    assert rule in {f.rule for f in report.findings if f.deal == 1 and f.is_error}
    assert not report.deals[0].settled


def test_v31_talon_order_that_is_not_the_undealt_cards():
    data, deals = generated(seed=6)
    deal = deals[0]
    data["deals"][0]["talon"] = " ".join(c.token for c in deal.talon[1:])
    assert where(check(data)) == [(1, None, R.DEAL_RECORD)]


def test_v31_unnamed_draw_or_placement_without_data():
    for lines in (["P1 play 9C", "P1 draw"], ["P1 play 9C", "P1 draw AD", "P1 place"]):
        state = position(P3, mover="P1", hands={"P1": "9C AS KS"}, table="6C 7C 8C",
                         talon=Talon(upper=cards("AD KD")))
        play(state, lines)
        assert errors(state) == [(1, len(lines), R.MISSING_DATA)]
        assert state.stopped
