"""The twelve worked scenarios of tjuv.md section 9 (S1 to S12), each a test.

S3, S4, S5 and S9 are positions (TJ-11.1) and start from a constructed
position; so do S6, S7, S8, S10 and S12, whose talons are listed in full or
empty. S1 and S2 are deal records; S11 is scoring.
"""

from __future__ import annotations


import pytest

from referee.cards import card
from referee.games.tjuv import rules as R
from referee.games.tjuv.engine import Step
from referee.games.tjuv.moves import Play
from referee.games.tjuv.record import DealClaims, SweepClaim
from referee.games.tjuv.settle import compare_deal, nearest_right, score_deal

from tests.tjuv.tjuv_support import (P2, P3, cards, deal_check, deal_data, deal_state, errors, options, pile_tops,
                                     play, position, rules_at, tokens)


def finish_with_first_legal(state) -> list[int]:
    """Play on with the first legal move each time; returns the movers of step 1."""
    movers = []
    index = 100
    while not state.over:
        move = state.legal_moves()[0]
        if isinstance(move, Play):
            movers.append(move.player)
        state.apply(move, index)
        index += 1
    return movers


# ----------------------------------------------------------------- S1, S2


S1_ROUND_ONE = {"P1": "6S 6D KH", "P2": "9C JD AS", "P3": "7H 10S QC", "P4": "8D 8S 10C"}
S1_EXPOSED = {"P1": "6D", "P2": "9C", "P3": "7H", "P4": "8S"}


def s1(**changes) -> dict:
    values = {"exposed": S1_EXPOSED, "removed": "9C", **changes}
    return deal_data(("P1", "P2", "P3", "P4"), dealer="P4", round_one=S1_ROUND_ONE, **values)


def test_s1_four_player_deal_is_legal():
    check = deal_check(s1())
    assert errors(check.findings) == []
    start = check.start
    assert tokens(start.table) == ["6D", "7H", "8S"]
    assert len(start.upper) + len(start.bottom) == 21
    assert tokens(start.bottom) == ["9C"]
    assert all(len(hand) == 3 for hand in start.hands)


def test_s1_removed_card_is_derived_when_highest_has_no_tie():
    check = deal_check(s1(removed=None))
    assert errors(check.findings) == []
    assert tokens(check.start.bottom) == ["9C"]


def test_s1_p2_exposes_jd():
    check = deal_check(s1(exposed={**S1_EXPOSED, "P2": "JD"}, removed="JD"))
    assert {f.rule for f in check.findings if f.is_error} == {R.EXPOSE}


def test_s1_dealer_removes_8s_keeps_9c():
    assert {f.rule for f in deal_check(s1(removed="8S")).findings} == {R.REMOVAL}
    assert errors(deal_check(s1(removed="8S"), opts=options(excess_table_removal="dealer_choice")).findings) == []


def test_s1_nothing_removed():
    assert {f.rule for f in deal_check(s1(removed="")).findings} == {R.REMOVAL}


def test_s1_9c_dealt_in_round_two():
    check = deal_check(s1(round_two={"P1": "9C"}))
    assert {f.rule for f in check.findings} == {R.REMOVED_AT_BOTTOM}


def test_s1_9c_drawn_while_other_talon_cards_remain():
    check = deal_check(s1())
    state = deal_state(check)
    p1 = state.hands[0]
    first = next(iter(p1.counts))
    play(state, [f"P1 play {first}", "P1 draw 9C"])
    assert rules_at(state, 2) == {R.REMOVED_AT_BOTTOM}


def test_s1_9c_out_of_the_bottom_of_a_recorded_talon():
    check = deal_check(s1())
    talon = list(check.start.upper) + ["9C"]
    talon = [c if isinstance(c, str) else c.token for c in talon]
    legal = deal_check(s1(talon=" ".join(talon)))
    assert errors(legal.findings) == []
    talon.insert(0, talon.pop())
    assert {f.rule for f in deal_check(s1(talon=" ".join(talon))).findings} == {R.REMOVED_AT_BOTTOM}


FIVE = ("P1", "P2", "P3", "P4", "P5")
FIVE_ROUND_ONE = {"P1": "6S 10D QH", "P2": "6H JD AS", "P3": "8D 9S KC", "P4": "7C QS AH", "P5": "7S 9D JC"}
FIVE_EXPOSED = {"P1": "6S", "P2": "6H", "P3": "8D", "P4": "7C", "P5": "7S"}


@pytest.mark.parametrize("removed", ["8D 7C", "7S 8D"])
def test_s1_five_players_dealer_chooses_among_ties(removed):
    data = deal_data(FIVE, dealer="P5", round_one=FIVE_ROUND_ONE, exposed=FIVE_EXPOSED, removed=removed)
    assert errors(deal_check(data).findings) == []


def test_s1_five_players_removing_8d_6s():
    data = deal_data(FIVE, dealer="P5", round_one=FIVE_ROUND_ONE, exposed=FIVE_EXPOSED, removed="8D 6S")
    assert {f.rule for f in deal_check(data).findings} == {R.REMOVAL}


def test_s1_five_players_tie_at_the_cut_must_be_recorded():
    data = deal_data(FIVE, dealer="P5", round_one=FIVE_ROUND_ONE, exposed=FIVE_EXPOSED, removed=None)
    check = deal_check(data)
    assert {f.rule for f in check.findings} == {R.MISSING_DATA}
    assert check.start is None


S2_ROUND_ONE = {"P1": "9S 6H QD", "P2": "10C 10H AS"}


def test_s2_two_player_deal_is_legal():
    check = deal_check(deal_data(P2, dealer="P2", round_one=S2_ROUND_ONE, exposed={"P1": "6H", "P2": "10H"},
                                 extra="7S"))
    assert errors(check.findings) == []
    assert tokens(check.start.table) == ["6H", "10H", "7S"]
    assert len(check.start.upper) == 27


def test_s2_no_extra_card():
    data = deal_data(P2, dealer="P2", round_one=S2_ROUND_ONE, exposed={"P1": "6H", "P2": "10H"})
    assert {f.rule for f in deal_check(data).findings} == {R.TWO_PLAYERS}


def test_s2_p2_exposes_as():
    data = deal_data(P2, dealer="P2", round_one=S2_ROUND_ONE, exposed={"P1": "6H", "P2": "AS"}, extra="7S")
    assert {f.rule for f in deal_check(data).findings} == {R.EXPOSE}


def test_s2_three_player_deal_with_an_extra_card():
    data = deal_data(P3, dealer="P3", round_one={**S2_ROUND_ONE, "P3": "7H 8H 9H"},
                     exposed={"P1": "6H", "P2": "10H", "P3": "7H"}, extra="7S")
    assert {f.rule for f in deal_check(data).findings} == {R.THREE_PLAYERS}


# --------------------------------------------------------------------- S3


def s3(**kwargs):
    return position(P3, mover="P1", hands={"P1": "QH 6C 10D", "P2": "AC KC QC", "P3": "JD QD KD"},
                    table="7H 9H KH 8S", talon="6D JC", talon_size=15, **kwargs)


def test_s3_capture_of_several_cards_with_a_higher_card_left():
    state = play(s3(), ["P1 play QH", "P1 draw 6D", "P1 place 10D", "P1 draw JC"])
    assert errors(state) == []
    assert pile_tops(state)["P1"] == [("QH", 3)]
    assert sorted(tokens(state.piles[card("QH")].cards)) == sorted(["QH", "7H", "9H"])
    assert tokens(state.table) == ["KH", "8S", "10D"]
    assert sorted(tokens(state.hands[0])) == sorted(["6C", "6D", "JC"])
    assert (state.to_play(), state.step) == ((1,), Step.PLAY)


def test_s3_recorded_capture_is_compared():
    assert errors(play(s3(), ["P1 play QH capture 7H 9H", "P1 draw 6D", "P1 place 10D", "P1 draw JC"])) == []
    assert rules_at(play(s3(), ["P1 play QH capture 9H"]), 1) == {R.COMPULSORY}
    assert rules_at(play(s3(), ["P1 play QH capture 7H 9H KH"]), 1) == {R.CAPTURE_SET}


def test_s3_no_refill():
    state = play(s3(), ["P1 play QH", "P1 draw 6D", "P2 play AC"])
    assert errors(state) == [(1, 3, R.REFILL_NEEDED)]
    assert state.findings[0].player == "P1"


def test_s3_refill_placed_before_the_draw():
    # TJ-11.9: the placement and its draw are the refill round; the step-2
    # draw recorded after it is out of order (none at all would be TJ-3.12)
    state = play(s3(), ["P1 play QH", "P1 place 10D", "P1 draw 6D", "P1 draw JC"])
    assert errors(state) == [(1, 4, R.SEQUENCE)]


# --------------------------------------------------------------------- S4


def s4():
    return position(P3, mover="P2", hands={"P1": "AC KC QC", "P2": "9D AH 7S", "P3": "6C 7C 8C"},
                    table="8D JS 10C", talon="QH", talon_size=10)


def test_s4a_capture_left_out():
    state = play(s4(), ["P2 play 9D capture none"])
    assert errors(state) == [(1, 1, R.COMPULSORY)]


def test_s4a_correct_outcome():
    state = play(s4(), ["P2 play 9D", "P2 draw QH"])
    assert pile_tops(state)["P2"] == [("9D", 2)]
    assert tokens(state.table) == ["JS", "10C"]
    assert (state.to_play(), state.step) == ((1,), Step.REFILL)
    refill = state.legal_moves()
    assert {m.card.token for m in refill} == {"AH", "7S", "QH"}
    play(state, [f"P2 place {refill[0].card}", "P2 draw"], start=3)
    assert errors(state) == []
    assert (state.to_play(), state.step) == ((2,), Step.PLAY)


def test_s4b_ah_captures_nothing():
    state = play(s4(), ["P2 play AH", "P2 draw QH"])
    assert errors(state) == []
    assert tokens(state.table) == ["8D", "JS", "10C", "AH"]
    assert (state.to_play(), state.step) == ((2,), Step.PLAY)


def test_s4c_7s_below_js_captures_nothing():
    state = play(s4(), ["P2 play 7S", "P2 draw QH"])
    assert errors(state) == []
    assert tokens(state.table) == ["8D", "JS", "10C", "7S"]
    assert state.piles == {}


# --------------------------------------------------------------------- S5

S5_PILES = [("P2", "9S 6S"), ("P2", "10H 7H"), ("P3", "10S 7S"), ("P3", "KS QS")]


def s5(mode: str):
    return position(P3, mover="P1", hands={"P1": "JS 9D 6C", "P2": "AC KC QC", "P3": "JD QD KD"},
                    table="8S 10D 7C", piles=S5_PILES, opts=options(steal_mode=mode))


def steal_sets(state) -> set[frozenset[str]]:
    return {frozenset(tokens(m.steals or ())) for m in state.legal_moves() if m.card.token == "JS"}


def test_s5_eligible_piles_by_mode():
    assert steal_sets(s5("optional")) == {frozenset(), frozenset({"9S"}), frozenset({"10S"}),
                                          frozenset({"9S", "10S"})}
    assert steal_sets(s5("all_or_none")) == {frozenset(), frozenset({"9S", "10S"})}
    assert steal_sets(s5("mandatory")) == {frozenset({"9S", "10S"})}


def test_s5_optional_taking_both():
    state = play(s5("optional"), ["P1 play JS steal 9S 10S"])
    assert errors(state) == []
    assert sorted(tokens(state.piles[card("JS")].cards)) == sorted(["JS", "8S", "9S", "6S", "10S", "7S"])
    assert pile_tops(state) == {"P1": [("JS", 6)], "P2": [("10H", 2)], "P3": [("KS", 2)]}
    assert tokens(state.table) == ["10D", "7C"]


@pytest.mark.parametrize("steals", ["steal 9S 10S", "steal 9S", "steal 10S", "", "steal none"])
def test_s5_optional_any_selection(steals):
    assert errors(play(s5("optional"), [f"P1 play JS {steals}"])) == []


@pytest.mark.parametrize("steals, legal", [("steal 9S 10S", True), ("", True), ("steal 9S", False),
                                           ("steal 10S", False)])
def test_s5_all_or_none(steals, legal):
    state = play(s5("all_or_none"), [f"P1 play JS {steals}"])
    assert errors(state) == ([] if legal else [(1, 1, R.STEAL_MODE)])


@pytest.mark.parametrize("steals, legal", [("steal 9S 10S", True), ("", True), ("steal 9S", False),
                                           ("steal none", False)])
def test_s5_mandatory(steals, legal):
    state = play(s5("mandatory"), [f"P1 play JS {steals}"])
    assert errors(state) == ([] if legal else [(1, 1, R.STEAL_MODE)])
    if legal:
        assert pile_tops(state)["P1"] == [("JS", 6)]


@pytest.mark.parametrize("mode", ["optional", "all_or_none", "mandatory"])
@pytest.mark.parametrize("top", ["KS", "10H"])
def test_s5_taking_d_or_b(mode, top):
    state = play(s5(mode), [f"P1 play JS steal 9S 10S {top}"])
    assert errors(state) == [(1, 1, R.ELIGIBLE)]


# --------------------------------------------------------------------- S6


def s6():
    return position(P3, mover="P1", hands={"P1": "JS 8D AH", "P2": "AC KC QC", "P3": "JD KD 6D"},
                    table="9S QD 7C", piles=[("P1", "8S 6S"), ("P2", "QH 8H"), ("P3", "10S 7S")])


def test_s6a_steal_g_and_keep_piles_separate():
    state = play(s6(), ["P1 play JS steal 10S"])
    assert errors(state) == []
    assert sorted(pile_tops(state)["P1"]) == [("8S", 2), ("JS", 4)]
    assert sorted(tokens(state.piles[card("JS")].cards)) == sorted(["JS", "9S", "10S", "7S"])
    assert errors(play(s6(), ["P1 play JS"])) == []


def test_s6b_own_pile_taken_and_merged():
    assert errors(play(s6(), ["P1 play JS steal 10S 8S"])) == [(1, 1, R.OWN_PILE)]
    assert errors(play(s6(), ["P1 play JS steal 10S into 8S"])) == [(1, 1, R.NEW_PILE)]
    state = play(s6(), ["P1 play JS steal 10S 8S into 8S"])
    assert rules_at(state, 1) == {R.OWN_PILE, R.NEW_PILE}


def test_s6c_no_steal_without_a_table_capture():
    state = play(s6(), ["P1 play AH"])
    assert tokens(state.table) == ["9S", "QD", "7C", "AH"]
    assert errors(play(s6(), ["P1 play AH steal QH"])) == [(1, 1, R.STEAL_NEEDS_CAPTURE)]


def test_s6d_8d_below_qd():
    state = play(s6(), ["P1 play 8D"])
    assert errors(state) == []
    assert tokens(state.table) == ["9S", "QD", "7C", "8D"]


# ---------------------------------------------------------------- S7, S8


def s7(talon: str, **kwargs):
    return position(P2, mover="P1", hands={"P1": "JH 7D AS", "P2": "KC QC 6S"}, table="6H 8H 10H", talon=talon,
                    **kwargs)


def test_s7_refill_from_hand_until_the_talon_runs_out():
    state = play(s7("9C AD"), ["P1 play JH", "P1 draw 9C", "P1 place 7D", "P1 draw AD"])
    assert errors(state) == []
    assert pile_tops(state)["P1"] == [("JH", 4)]
    assert tokens(state.table) == ["7D"]
    assert sorted(tokens(state.hands[0])) == sorted(["AS", "9C", "AD"])
    assert state.talon.size == 0
    movers = finish_with_first_legal(state)
    assert movers == [1, 0, 1, 0, 1, 0]
    assert state.last_player == 0
    assert errors(state) == []


def test_s7_findings():
    base = ["P1 play JH", "P1 draw 9C", "P1 place 7D", "P1 draw AD"]
    assert errors(play(s7("9C AD"), base + ["P1 place AS"])) == [(1, 5, R.REFILL_NEEDED)]
    assert errors(play(s7("9C AD"), base[:3] + ["P2 play KC"])) == [(1, 4, R.REFILL_FROM_HAND)]
    assert errors(play(s7("9C AD"), base[:2] + ["P2 play KC"])) == [(1, 3, R.REFILL_NEEDED)]
    assert errors(play(s7("9C AD"), base[:2] + ["P1 draw AD"])) == [(1, 3, R.DRAW)]


def schenkmanis():
    return options(table_refill="from_talon")


def test_s8_refill_from_the_talon():
    state = play(s7("9C AD 7C 8C", opts=schenkmanis()),
                 ["P1 play JH", "P1 draw 9C", "P1 turn AD", "P1 turn 7C", "P1 turn 8C"])
    assert errors(state) == []
    assert tokens(state.table) == ["AD", "7C", "8C"]
    assert state.talon.size == 0
    assert sorted(tokens(state.hands[0])) == sorted(["7D", "AS", "9C"])
    assert (state.to_play(), state.step) == ((1,), Step.PLAY)


def test_s8_findings():
    base = ["P1 play JH", "P1 draw 9C", "P1 turn AD", "P1 turn 7C"]
    state = play(s7("9C AD 7C 8C", opts=schenkmanis()), base[:2] + ["P1 place 7D"])
    assert errors(state) == [(1, 3, R.REFILL_FROM_TALON)]
    state = play(s7("9C AD 7C 8C", opts=schenkmanis()), base + ["P1 turn 8C capture 7C"])
    assert errors(state) == [(1, 5, R.REFILL_FROM_TALON)]
    state = play(s7("9C AD 7C 8C"), base[:2] + ["P1 turn AD"])
    assert errors(state) == [(1, 3, R.REFILL_FROM_HAND)]


def test_s8_unnamed_turns_follow_the_recorded_talon():
    state = play(s7("9C AD 7C 8C", opts=schenkmanis()), ["P1 play JH", "P1 draw", "P1 turn", "P1 turn", "P1 turn"])
    assert errors(state) == []
    assert tokens(state.table) == ["AD", "7C", "8C"]


# --------------------------------------------------------------------- S9


def s9():
    return position(P3, mover="P3", hands={"P1": "JS 6C 7C", "P2": "AC KC 6D", "P3": "10D 10S 6H"},
                    table="7D 9S KD", talon="JC 8H QC", talon_size=9)


def test_s9_refill_card_never_captures_but_is_captured_later():
    state = play(s9(), ["P3 play 10D", "P3 draw JC", "P3 place 10S", "P3 draw 8H"])
    assert errors(state) == []
    assert pile_tops(state)["P3"] == [("10D", 2)]
    assert tokens(state.table) == ["9S", "KD", "10S"]
    play(state, ["P1 play JS capture 9S 10S", "P1 draw QC"], start=5)
    assert errors(state) == []
    assert sorted(tokens(state.piles[card("JS")].cards)) == sorted(["JS", "9S", "10S"])
    assert pile_tops(state)["P3"] == [("10D", 2)]
    assert tokens(state.table) == ["KD"]
    play(state, ["P1 place 6C", "P1 draw", "P1 place 7C", "P1 draw"], start=7)
    assert errors(state) == []
    assert len(state.table) == 3 and (state.to_play(), state.step) == ((1,), Step.PLAY)


def test_s9_findings():
    state = play(s9(), ["P3 play 10D", "P3 draw JC", "P3 place 10S capture 9S"])
    assert errors(state) == [(1, 3, R.REFILL_FROM_HAND)]
    state = play(s9(), ["P3 play 10D", "P3 draw JC", "P3 place 10S", "P3 draw 8H", "P1 play JS capture 10S"])
    assert errors(state) == [(1, 5, R.COMPULSORY)]


# -------------------------------------------------------------------- S10


def s10():
    return position(P2, mover="P1", hands={"P1": "KS 7D", "P2": "QH 8D"}, table="",
                    piles=[("P1", "JC 9C"), ("P2", "QS 9S")])


def test_s10_empty_table_end_of_play_and_sweep():
    state = play(s10(), ["P1 play KS", "P2 play QH", "P1 play 7D", "P2 play 8D"])
    assert errors(state) == []
    assert state.over
    assert pile_tops(state)["P2"] == [("QS", 2), ("8D", 2)]
    result = state.result()
    assert result.sweep.owner == 1 and sorted(tokens(result.sweep.cards)) == ["KS", "QH"]
    assert result.counts == (2, 6)


def test_s10_findings():
    assert errors(play(s10(), ["P1 play KS steal QS"])) == [(1, 1, R.STEAL_NEEDS_CAPTURE)]
    assert errors(play(s10(), ["P1 play KS", "P1 play 7D"])) == [(1, 2, R.SEQUENCE)]
    state = play(s10(), ["P1 play KS", "P2 play QH", "P1 play 7D", "P2 play 8D"])
    result = state.result()
    score = score_deal(result.counts, dealer=1)
    claims = DealClaims(sweep=SweepClaim(player=0, cards=tuple(cards("KS QH"))), at={})
    found = compare_deal(claims, result, score=score, players=P2, deal=1)
    assert [f.rule for f in found] == [R.SWEEP]


# -------------------------------------------------------------------- S11


def test_s11a_winner_and_next_dealer():
    score = score_deal((14, 11, 11), dealer=0)
    assert score.winners == (0,)
    assert score.fewest == (1, 2)
    assert score.next_dealer == 2


def test_s11b_dealer_is_reached_last():
    score = score_deal((9, 6, 15, 6), dealer=1)
    assert score.winners == (2,)
    assert score.fewest == (1, 3)
    assert score.next_dealer == 3


def test_s11c_joint_winners():
    score = score_deal((18, 18), dealer=0)
    assert score.winners == (0, 1)
    assert score.next_dealer == 1
    assert nearest_right({0, 1}, 0, n=2) == 1


def test_s11d_claimed_total_and_counts():
    score = score_deal((18, 18), dealer=0)
    result = type("R", (), {"sweep": None})()
    found = compare_deal(DealClaims(counts={0: 20, 1: 17}, at={}), result, score=score, players=P2, deal=1)
    assert [f.rule for f in found] == [R.SUM, R.COUNT]
    found = compare_deal(DealClaims(counts={0: 19, 1: 17}, at={}), result, score=score, players=P2, deal=1)
    assert [f.rule for f in found] == [R.COUNT]


# -------------------------------------------------------------------- S12


def s12():
    return position(P3, mover="P3", hands={"P1": "AH KH QH", "P2": "AS KS JS", "P3": "10C 8H 7S"},
                    table="6C 9C JD", talon="QS")


def test_s12_talon_runs_out_in_step_two():
    state = play(s12(), ["P3 play 10C", "P3 draw QS"])
    assert errors(state) == []
    assert pile_tops(state)["P3"] == [("10C", 3)]
    assert tokens(state.table) == ["JD"]
    assert (state.to_play(), state.step) == ((0,), Step.PLAY)
    movers = finish_with_first_legal(state)
    assert movers == [0, 1, 2] * 3
    assert state.result().sweep.owner == 2


def test_s12_findings():
    assert errors(play(s12(), ["P3 play 10C", "P3 draw QS", "P3 place 8H"])) == [(1, 3, R.REFILL_NEEDED)]
    assert errors(play(s12(), ["P3 play 10C", "P3 draw QS", "P1 play AH", "P1 draw"])) == [(1, 4, R.DRAW)]
    state = play(s12(), ["P3 play 10C", "P3 draw QS"])
    finish_with_first_legal(state)
    result = state.result()
    score = score_deal(result.counts, dealer=1)
    claims = DealClaims(sweep=SweepClaim(player=1, cards=None), at={})
    assert [f.rule for f in compare_deal(claims, result, score=score, players=P3, deal=1)] == [R.SWEEP]
