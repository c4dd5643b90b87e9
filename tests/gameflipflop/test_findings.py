"""Illegal actions of section 9: each pinned by rule ID and move index."""

from __future__ import annotations

import pytest

from .helpers import amounts, column, one_deal, run, where

# T3's deal (4 players, dealer D; flip 6H: flip hearts, flop diamonds) as a base for broken copies.
HANDS = {"A": "7S 8S 9S 4C KD", "B": "3D 3C 3S QH JC", "C": "2H 10C 10S 5D AC", "D": "5S 9D JD 2D 6H"}
MOVES = ["A show KD", "A draw stock 6S", "A spread S1 6S 7S 8S 9S", "A discard KD", "B show 3D",
         "B draw stock 3H", "B spread S2 3D 3C 3S 3H", "B discard QH", "C show 2H", "C draw stock 10H",
         "C spread S3 10C 10S 10H", "C discard 5D", "D show 2D", "D draw discard 5D", "D layoff 5S S1",
         "D discard JD", "A draw stock 4S", "A layoff 4S S1", "A discard 4C"]


def check(moves, **kw):
    return run(one_deal(players="A B C D", dealer="D", hands=HANDS, flip="6H", moves=moves, **kw))


def replaced(index: int, text: str) -> list[str]:
    moves = list(MOVES)
    moves[index - 1] = text
    return moves


def inserted(index: int, text: str) -> list[str]:
    return MOVES[:index - 1] + [text] + MOVES[index - 1:]


def test_base_is_legal():
    assert check(MOVES).exit_code == 0


@pytest.mark.parametrize("moves, expected", [
    (replaced(4, "A discard QH"), {(1, 4, "GFF-7.15")}),  # not in hand
    (replaced(2, "A draw stock 2D"), {(1, 2, "GFF-7.3")}),  # dealt to D, not in the stock
    (replaced(2, "A draw discard 6S"), {(1, 2, "GFF-7.4")}),  # the pile is empty
    (replaced(14, "D draw discard 10H"), {(1, 14, "GFF-7.3")}),  # not the top discard
    (inserted(3, "A draw stock 2S"), {(1, 3, "GFF-7.3")}),  # two draws
    (inserted(2, "A spread S9 7S 8S 9S"), {(1, 2, "GFF-7.5")}),  # before the draw
    (replaced(3, "A spread S1 6S 7S 9S KD"), {(1, 3, "GFF-7.6")}),  # gap and mixed suits
    (replaced(7, "B spread S2 3D 3C"), {(1, 7, "GFF-7.7")}),  # a set of two
    (replaced(15, "D layoff 9D S1"), {(1, 15, "GFF-7.9")}),  # wrong suit
    (replaced(15, "D layoff 5S S7"), {(1, 15, "GFF-7.15")}),  # no such spread
    (inserted(5, "B show 2D"), {(1, 5, "GFF-6.5")}),  # second show in a suit... B has no 2D -> see below
])
def test_broken_copies(moves, expected):
    report = check(moves)
    if moves[4] == "B show 2D":  # B does not hold 2D: card not where the action needs it
        expected = {(1, 5, "GFF-7.15")}
    assert where(report) == expected
    assert not report.deals[0].settled


def test_show_out_of_turn_gff_6_4():
    assert where(check(["B show 3D"] + MOVES)) == {(1, 1, "GFF-6.4")}


def test_show_after_drawing_gff_6_4():
    moves = ["A draw stock 6S", "A show KD"] + MOVES[2:]
    assert where(check(moves)) == {(1, 2, "GFF-6.4")}


def test_show_not_lower_gff_6_5():
    assert where(check(replaced(5, "B show 3S"))) == {(1, 5, "GFF-6.5")}  # off-suit (spades)
    assert where(check(replaced(13, "D show JD"))) == {(1, 13, "GFF-6.5")}  # does not beat 3D


def test_dealer_flop_show_before_his_window_gff_6_6():
    assert where(check(inserted(2, "D show 2D"))) == {(1, 2, "GFF-6.6")}


def test_second_show_in_a_suit_gff_6_5():
    moves = ["A show KD", "A show 4C"] + MOVES[1:]  # 4C: off-suit
    assert where(check(moves)) == {(1, 2, "GFF-6.5")}


def test_missing_discard_gff_7_11():
    moves = MOVES[:3] + MOVES[5:]  # A never discards, B draws
    assert where(check(moves)) == {(1, 4, "GFF-7.11")}


def test_second_discard_gff_7_11():
    assert where(check(inserted(5, "A discard 4C"))) == {(1, 5, "GFF-7.11")}


def test_out_of_turn_draw_gff_7_13():
    assert where(check(inserted(5, "C draw stock 2S"))) == {(1, 5, "GFF-7.13")}


def test_drop_after_drawing_gff_8_8_and_drop_off_gff_8_4():
    assert where(check(inserted(3, "A drop"))) == {(1, 3, "GFF-8.8")}
    report = check(["A drop"], options={"allow_drop": "off"})
    assert where(report) == {(1, 1, "GFF-8.4")}


def test_action_after_the_end_gff_8_1():
    assert where(check(MOVES + ["B draw stock 2S"])) == {(1, 20, "GFF-8.1")}


def test_discard_after_emptying_the_hand_gff_7_11_and_8_1():
    assert where(check(MOVES + ["A discard 4C"])) == {(1, 20, "GFF-8.1"), (1, 20, "GFF-7.11")}


def test_retake_forbidden_gff_7_14():
    moves = MOVES[:13] + ["D draw discard 5D", "D discard 5D"]
    assert check(moves + ["A drop"]).exit_code == 0
    report = check(moves, options={"retake_discard": "forbidden"})
    assert where(report) == {(1, 15, "GFF-7.14")}


def test_joker_in_a_move_gff_2_1_and_table_cards_gff_7_10():
    assert where(check(replaced(4, "A discard JK"))) == {(1, 4, "GFF-2.1")}
    assert where(check(replaced(8, "B discard 7S"))) == {(1, 8, "GFF-7.10")}


def test_continue_applies_and_marks_provisional():
    moves = inserted(5, "C draw stock 2S")  # C draws out of turn: played as C's turn
    moves = moves[:5] + ["C discard 2S", "D draw stock 2C", "D discard 2C", "A drop"]
    report = check(moves, options={"on_illegal": "continue"})
    assert where(report) == {(1, 5, "GFF-7.13")}
    deal = report.deals[0].data
    assert deal["settled"] and deal["provisional"]
    assert report.settlement["provisional"] is True


def test_declaration_findings():
    hands = {"A": "KS QH JD 10C 9S", "B": "KH KD KC QS JH", "C": "2C 5H 7D 8S 3H"}

    def play(moves, **kw):
        return run(one_deal(players="A B C", dealer="C", hands=hands, flip="3H", moves=moves, **kw))

    assert where(play(["A declare 49"], options={"allow_49_50": "off"})) == {(1, 1, "GFF-5.1")}
    assert where(play(["A draw stock 2S", "A declare 49"])) == {(1, 2, "GFF-5.2"), (1, 2, "GFF-5.3")}
    assert where(play(["B declare 50"])) == {(1, 1, "GFF-5.2")}  # not B's turn under first_turn
    assert play(["B declare 50", "A declare 49"], options={"declare_window": "before_play"}).exit_code == 0
    assert where(play(["A draw stock 2S", "A discard 2S", "B declare 50"],
                      options={"declare_window": "before_play"})) == {(1, 3, "GFF-5.2")}
    assert where(play(["A draw stock 2S", "A discard 2S", "B draw stock 4S", "B discard 4S", "C declare 50"])) \
        == {(1, 5, "GFF-5.4")}  # C's five total 25
    assert where(play(["A drop", "B declare 50"])) == {(1, 2, "GFF-5.7")}
    wrong = play(["A declare 50", "B declare 50"])  # A holds 49: a claim mismatch, settled on 49
    assert where(wrong) == {(1, 1, "GFF-5.4")}
    assert wrong.deals[0].settled
    assert column(wrong, "game") == amounts(A="-0.50", B="2.50", C="-2")


def test_wrong_dealer_and_wrong_ante():
    report = run(one_deal(players="A B C D", dealer="D", hands=HANDS, flip="6H", moves=MOVES, first_dealer="A"))
    assert where(report) == {(1, None, "GFF-4.7")}
    report = check(MOVES, antes={"A": "game flip flop", "B": "game flip", "C": "game flip flop",
                                 "D": "game flip flop"})
    assert where(report) == {(1, None, "GFF-3.5")}
    assert check(MOVES, antes={p: "game flip flop" for p in "ABCD"}).exit_code == 0


def test_bad_deals():
    hands = dict(HANDS, A="7S 8S 9S 4C JK")
    assert {w[2] for w in where(run(one_deal(players="A B C D", dealer="D", hands=hands, flip="6H",
                                                moves=MOVES)))} == {"GFF-2.1"}
    hands = dict(HANDS, A="7S 8S 9S 4C 2D")  # 2D is D's too
    assert {w[2] for w in where(run(one_deal(players="A B C D", dealer="D", hands=hands, flip="6H",
                                                moves=MOVES)))} == {"GFF-2.2"}
    assert {w[2] for w in where(run(one_deal(players="A B C D", dealer="D", hands=HANDS, flip="2H",
                                                moves=MOVES)))} == {"GFF-4.7"}
    hands = dict(HANDS, A="7S 8S 9S 4C")
    assert {w[2] for w in where(run(one_deal(players="A B C D", dealer="D", hands=hands, flip="6H",
                                                moves=MOVES)))} == {"GFF-4.7"}


def test_claims_that_differ():
    report = check(MOVES, claims={"ending": "stock", "game": ["B"], "flip": "A", "flop": "none",
                                  "net": {"A": "0.50"}, "bankrolls": {"A": "12"}})
    rules = sorted(f.rule for f in report.findings)
    assert rules == ["GFF-10.11", "GFF-10.15", "GFF-10.5", "GFF-6.2", "GFF-6.2", "GFF-8.1"]
    assert report.deals[0].settled  # claims never stop the replay
