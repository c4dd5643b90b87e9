"""Whole transcripts: the deal checks (section 2), three doubles (T-11),
returned jokers (T-08c, T-08d), input errors, claims and the match."""

import pytest

from referee.cards import JOKER
from referee.games.vazhushal.deal import check_deal
from referee.games.vazhushal.engine import End, GameResult
from referee.games.vazhushal.record import read_record
from referee.games.vazhushal.settle import settle_match
from referee.report import Status
from referee.writer import dump_yaml
from referee.yamldoc import load_document
from vazhushal_helpers import check, generated, options, transcript

SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
CLUBS = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
DIAMONDS = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"

T11 = {"P1": "5C 5C 8H 8H JS 2D 7S 3C 6H KC AH QD 9S",
       "P2": "7H 7H QS QS 2C 2C AD 5S 9H JC 4D KH 10S",
       "P3": "JK JK 6D 6D 3S 3S 8C 10H KD AC 4S 9D QH"}
CLEAN = {"P1": SPADES, "P2": HEARTS, "P3": DIAMONDS}


def deal_findings(report, deal=1):
    return {(f.rule, f.player) for f in report.findings if f.deal == deal and f.move is None and f.rule != "VZ-9.5"}


def three(hands, *, redeals=None, moves=(), negative="10C", first="4C", **extra):
    deal = {"dealer": "P3"}
    if redeals:
        deal["redeals"] = redeals
    deal.update(hands=hands, negative=negative, first=first, moves=list(moves))
    deal.update(extra)
    return deal


# ------------------------------------------------------------ T-11 doubles

def test_T_11a_declared_and_redealt():
    report = check(transcript(("P1", "P2", "P3"), [three(CLEAN, redeals=[{"hands": T11, "declared": ["P2"]}])]))
    assert deal_findings(report) == set()


def test_T_11b_nobody_declares():
    report = check(transcript(("P1", "P2", "P3"), [three(T11)]))
    assert deal_findings(report) == {("VZ-2.8", "P2")}


def test_T_11c_false_declaration():
    report = check(transcript(("P1", "P2", "P3"), [three(CLEAN, redeals=[{"hands": T11, "declared": ["P1"]}])]))
    assert deal_findings(report) == {("VZ-2.8", "P1")}


@pytest.mark.parametrize("jokers,expected", [("no", set()), ("yes", {("VZ-2.8", "P3")})])
def test_T_11d_a_pair_of_jokers(jokers, expected):
    hands = {"P1": CLUBS, "P2": HEARTS, "P3": T11["P3"]}
    report = check(transcript(("P1", "P2", "P3"), [three(hands, negative="2S", first="5S")],
                              opts={"doubles_include_jokers": jokers}))
    assert deal_findings(report) == expected


def test_T_11e_declared_after_the_negative_joker():
    report = check(transcript(("P1", "P2", "P3"), [three(T11, moves=["P2 declare"])]))
    assert deal_findings(report) == set()
    assert {(f.rule, f.move) for f in report.findings if f.rule != "VZ-9.5"} == {("VZ-2.9", 1)}


# --------------------------------------------------- T-08c, T-08d: returned jokers

T08 = {"D": "AS 3S 5S 7S 2H 4H 9H JH KD 2D 6C 8C QC", "P": "2S 4S 6S 8S AH 3H 5H 7H 3D 5D 9C JC KC"}


def two_deal(first, hands=T08, moves=(), negative="10S"):
    return {"dealer": "D", "hands": dict(hands), "negative": negative, "first": first, "moves": list(moves)}


def setup_of(text, preset):
    document = load_document(text)
    record = read_record(document, tuple(document.data["players"]))
    return check_deal(options(preset), record.deals[0], players=record.players, previous_dealer=None)


def test_T_08c_joker_returned_and_replaced():
    text = transcript(("D", "P"), [two_deal("JK 7C")], ruleset="vazhushal-2p-joker-returned")
    setup = setup_of(text, "vazhushal-2p-joker-returned")
    assert setup.findings == ()
    assert sum(setup.stock.values()) == 26 and setup.stock[JOKER] == 2
    assert setup.first.token == "7C" and not setup.bottom_joker


def test_T_08d_joker_left_as_the_first_card():
    text = transcript(("D", "P"), [two_deal("JK")], ruleset="vazhushal-2p-joker-returned")
    assert [f.rule for f in check(text).findings if f.move is None and f.rule != "VZ-9.5"] == ["VZ-10.5"]


def test_returning_a_joker_when_a_hand_holds_a_pure_sequence():
    hands = {"D": "AS 2S 3S 7S 2H 4H 9H JH KD 2D 6C 8C QC", "P": "5S 4S 6S 8S AH 3H 5H 7H 3D 5D 9C JC KC"}
    text = transcript(("D", "P"), [two_deal("JK 7C", hands)], ruleset="vazhushal-2p-joker-returned")
    assert [f.rule for f in check(text).findings if f.move is None and f.rule != "VZ-9.5"] == ["VZ-10.5"]


def test_returning_a_card_under_the_default_rules_is_VZ_2_14():
    text = transcript(("D", "P"), [two_deal("JK 7C")])
    assert [f.rule for f in check(text).findings if f.move is None and f.rule != "VZ-9.5"] == ["VZ-2.14"]


# ------------------------------------------------------------- the deal

def test_hand_sizes_and_copies():
    hands = {"D": "AS 4S 6S 8S AH 3H 5H 7H 3D 5D 9C JC KC", "P": "AS 3S 5S 7S 2H 4H 9H JH KD 2D 6C 8C"}
    text = transcript(("D", "P"), [two_deal("7D", hands)])
    report = check(text)
    assert {(f.rule, f.player) for f in report.findings if f.move is None and f.rule != "VZ-9.5"} == {
        ("VZ-2.5", "P"), ("VZ-9.4", None)}
    written = [i for i, line in enumerate(text.splitlines(), 1) if line.strip().startswith("P: AS 3S")]
    assert [f.line for f in report.findings if f.rule == "VZ-2.5"] == written and len(written) == 1


def test_negative_joker_recorded_or_missing():
    report = check(transcript(("D", "P"), [two_deal("7D", negative="none")]))
    assert [f.rule for f in report.findings if f.move is None and f.rule != "VZ-9.5"] == ["VZ-2.10"]
    report = check(transcript(("D", "P"), [two_deal("7D")], ruleset="vazhushal-2p-no-negative-joker"))
    assert [f.rule for f in report.findings if f.move is None and f.rule != "VZ-9.5"] == ["VZ-2.13"]


def test_setup_that_cannot_be_played():
    report = check(transcript(("D", "P", "X", "Y"), [two_deal("7D")], ruleset="vazhushal-3p-one-pack"))
    assert [f.rule for f in report.findings] == ["VZ-2.15"]
    report = check(transcript(("D", "P", "C", "E", "F", "G", "H"), [two_deal("7D")]))
    assert [f.rule for f in report.findings] == ["VZ-2.1"]


def test_dealer_must_pass_left():
    data = generated(seed=3)
    assert len(data["deals"]) >= 2
    data["deals"][1]["dealer"] = data["deals"][0]["dealer"]
    report = check(dump_yaml(data))
    assert ("VZ-2.4", 2) in {(f.rule, f.deal) for f in report.findings}


# ---------------------------------------------------------------- input errors

@pytest.mark.parametrize("move,where", [("Zed draw stock 2C", "Zed"), ("P draw stock 1X", "1X"),
                                        ("P meld 2C 3C JK=ZZ", "ZZ"), ("P flies", "flies")])
def test_names_and_tokens_that_do_not_exist_are_input_errors(move, where):
    text = transcript(("D", "P"), [two_deal("7D", moves=["P draw stock 2C", move])])
    report = check(text)
    assert report.status is Status.UNUSABLE and report.exit_code == 2
    assert report.problems[0].line is not None and where in report.problems[0].message


def test_bad_card_in_a_hand_is_an_input_error():
    hands = dict(T08, P="2S 4S 6S 8S AH 3H 5H 7H 3D 5D 9C JC 11C")
    report = check(transcript(("D", "P"), [two_deal("7D", hands)]))
    assert report.status is Status.UNUSABLE and report.problems[0].line is not None


# ---------------------------------------------------------------- claims, match

def test_generated_transcript_is_legal():
    report = check(dump_yaml(generated(seed=5)))
    assert report.status is Status.LEGAL, [f.to_data() for f in report.findings[:5]]


def test_claimed_score_winner_and_match_that_differ_are_VZ_9_7():
    data = generated(seed=5)
    first = data["deals"][0]["claims"]
    name = next(iter(first["scores"]))
    first["scores"][name] = str(int(first["scores"][name]) + 1)
    first["winners"] = [p for p in data["players"] if p not in first["winners"]]
    data["claims"]["wins"][name] = "0"
    report = check(dump_yaml(data))
    found = {(f.rule, f.deal) for f in report.findings}
    assert found == {("VZ-9.7", 1), ("VZ-9.7", None)}
    assert len([f for f in report.findings if f.deal == 1]) == 2


def test_a_game_after_the_match_is_decided_is_VZ_8_12():
    data = generated(seed=5, match_wins="1")
    assert len(data["deals"]) == 1
    extra = dict(data["deals"][0])
    extra["dealer"] = data["players"][(data["players"].index(extra["dealer"]) + 1) % 2]
    data["deals"].append(extra)
    report = check(dump_yaml(data))
    assert ("VZ-8.12", 2, None) in {(f.rule, f.deal, f.move) for f in report.findings}


def _won(*seats, end=End.OUT):
    return GameResult(settled=True, end=end, out_player=seats[0] if end is End.OUT else None,
                      scores={0: 0, 1: 0, 2: 0}, winners=frozenset(seats))


def test_match_to_match_wins_and_ties_at_the_target():
    opts = options(match_wins="2")
    assert settle_match([_won(0), _won(1), _won(0)], opts, n=3).winner == 0
    tied = settle_match([_won(0, 1, end=End.STOCK), _won(0, 1, end=End.STOCK)], opts, n=3)
    assert tied.winner is None and tied.wins == {0: 2, 1: 2, 2: 0}
    assert settle_match([_won(0, 1, end=End.STOCK)] * 2 + [_won(1)], opts, n=3).winner == 1
    assert settle_match([_won(0), GameResult(False, None, None, None, frozenset()), _won(0)], opts, n=3).known is False
