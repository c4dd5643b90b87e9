"""The deal and the setup: GW-2.1 to GW-2.10 (GW-4.11) and GW-4.16."""

import pytest

from referee.games.getaway.deal import low_cards
from tests.getaway.helpers import V0_DEAL, check, rules_at, transcript


def deal(hands=None, dealer="S", **extra):
    return {"dealer": dealer, "hands": dict(hands or V0_DEAL), **extra, "moves": []}


def test_a_valid_deal_with_no_moves_is_only_unfinished():
    report = check(transcript())
    assert rules_at(report) == {(1, None, "GW-4.14")}


def test_gw_2_1_a_joker_and_a_duplicated_card():
    hands = dict(V0_DEAL, N=V0_DEAL["N"].replace("3C", "JK"))
    assert (1, None, "GW-4.11") in rules_at(check(transcript(deals=[deal(hands)])))
    hands = dict(V0_DEAL, N=V0_DEAL["N"].replace("3C", "AS"))
    report = check(transcript(deals=[deal(hands)]))
    assert rules_at(report) == {(1, None, "GW-4.11")}
    assert any("AS" in f.message for f in report.findings) and any("3C" in f.message for f in report.findings)


def test_gw_2_6_hand_sizes_dealer_left():
    players = ("A", "B", "C")
    cards = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H " \
            "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C".split()
    # dealer C: A (after C) gets 18, B and C 17
    good = {"A": " ".join(cards[:18]), "B": " ".join(cards[18:35]), "C": " ".join(cards[35:])}
    report = check(transcript(players=players, deals=[deal(good, dealer="C")]))
    assert rules_at(report) == {(1, None, "GW-4.14")}
    report = check(transcript(players=players, deals=[deal(good, dealer="A")]))
    assert rules_at(report) == {(1, None, "GW-4.11")}
    report = check(transcript(players=players, deals=[deal(good, dealer="A")], options={"deal_extras": "agreed"}))
    assert rules_at(report) == {(1, None, "GW-4.14")}
    big = {"deal_extras": "big_hand"}
    report = check(transcript(players=players, deals=[deal(good, dealer="A", big_hand="A")], options=big))
    assert rules_at(report) == {(1, None, "GW-4.14")}  # q = 17, r = 1: the big hand holds 18
    report = check(transcript(players=players, deals=[deal(good, dealer="A", big_hand="B")], options=big))
    assert rules_at(report) == {(1, None, "GW-4.11")}


def test_gw_2_8_discard_low_order():
    assert [c.token for c in low_cards(2, 1)] == ["2C", "2D"]
    assert [c.token for c in low_cards(5, 1)] == ["2C", "2D", "2H", "2S", "3C"]
    assert [c.token for c in low_cards(4, 2)] == ["2C", "2C", "2D", "2D"]


def test_gw_2_8_discard_low_deal():
    players = ("A", "B", "C")
    rest = [c for c in "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H "
            "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C".split()]
    hands = {"A": " ".join(rest[:17]), "B": " ".join(rest[17:34]), "C": " ".join(rest[34:])}
    low = {"deal_extras": "discard_low"}
    report = check(transcript(players=players, deals=[deal(hands, dealer="C", removed="2C")], options=low))
    assert rules_at(report) == {(1, None, "GW-4.14")}
    hands_wrong = dict(hands, C=hands["C"].replace("3C", "2C"))
    report = check(transcript(players=players, deals=[deal(hands_wrong, dealer="C", removed="3C")], options=low))
    assert rules_at(report) == {(1, None, "GW-4.11")}


def test_gw_2_5_dealer_rotates():
    first = deal()
    second = deal(dealer="E")  # S dealt round 1; W must deal round 2
    report = check(transcript(deals=[first, second], options={"match_rounds": "2"}))
    assert (2, None, "GW-4.11") in rules_at(report)
    second = deal(dealer="W")
    report = check(transcript(deals=[first, second], options={"match_rounds": "2"}))
    assert (2, None, "GW-4.11") not in rules_at(report)


def test_gw_2_9_two_packs_need_a_named_marked_ace():
    report = check(transcript(options={"packs": "2"}))
    assert (1, None, "GW-4.11") in rules_at(report)


@pytest.mark.parametrize("players", [("A",), tuple("ABCDEFGHI")])
def test_gw_4_16_player_count(players):
    report = check(transcript(players=players, deals=[{"dealer": "A", "hands": {"A": "AS"}, "moves": []}]))
    assert {f.rule for f in report.findings} == {"GW-4.16"}


def test_gw_4_16_inconsistent_options():
    report = check(transcript(options={"empty_power": "escape"}))
    assert {f.rule for f in report.findings} == {"GW-4.16"}
    report = check(transcript(options={"push_push": "yes"}))
    assert {f.rule for f in report.findings} == {"GW-4.16"}


def test_move_lines_read_all_at_once_as_one_by_one():
    """`MoveReader.all` gives what reading each line gives, from the cache or not;
    a bad line still raises MoveSyntaxError."""
    from referee.games.getaway.moves import MoveReader, MoveSyntaxError, Play, TrickMark, parse_move

    seats = {"Ann": 0, "Bo": 1, "Cy": 2}
    lines = ["trick 1", "Ann play AS", "Bo play 2S", "Cy play KS", "trick 2", "Cy take Ann"]
    expected = [parse_move(line, seats=seats) for line in lines]
    reader = MoveReader(seats)
    assert reader.all(lines[:3]) == expected[:3]  # some new lines: parsed one by one
    assert reader.all(lines) == expected  # some known, some new
    assert reader.all(lines) == expected  # all known: from the cache
    assert isinstance(expected[0], TrickMark) and isinstance(expected[1], Play)
    with pytest.raises(MoveSyntaxError):
        reader.all(lines + ["Ann dances"])
