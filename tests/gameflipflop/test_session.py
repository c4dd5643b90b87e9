"""Sessions: rotation, tiers, joins and leaves, carried pots at the end,
outcome-only deals, header defects and the options that shape them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from .helpers import amounts, column, deal, nets, one_deal, run, session_net, transcript, where

T9_DEAL1 = dict(dealer="C", hands={"A": "AH 2D 3H 4D 5H", "B": "8C 9H 10D JH QC", "C": "2C 6D 9D KH 7C"},
                flip="7C", moves=["A drop", "C show 2C"])


def test_unwon_flop_refunded_or_reported_at_the_end():
    refund = run(transcript(players=["A", "B", "C"], deals=[deal(**T9_DEAL1)]))
    assert session_net(refund) == amounts(A="1", B="-2", C="1")  # deal nets 0, -3, 0 plus 1 refunded each
    assert refund.settlement["refunds"] == {"A": "1.00", "B": "1.00", "C": "1.00"}
    report = run(transcript(players=["A", "B", "C"], deals=[deal(**T9_DEAL1)],
                            options={"unwon_pot_at_end": "report"}))
    assert session_net(report) == amounts(A="0", B="-3", C="0")
    assert report.settlement["carried_pots"] == {"flip": "0.00", "flop": "3.00"}


def test_dealer_rotation_and_wrong_next_dealer():
    second = dict(T9_DEAL1, dealer="B", hands={"C": "AH 2D 3H 4D 5H", "A": "8C 9H 10D JH QC",
                                               "B": "2C 6D 9D KH 7C"}, moves=["C drop", "B show 2C"])
    report = run(transcript(players=["A", "B", "C"], deals=[deal(**T9_DEAL1), deal(**second)]))
    assert where(report) == {(2, None, "GFF-4.7")}  # after C comes A
    good = dict(second, dealer="A", hands={"B": "AH 2D 3H 4D 5H", "C": "8C 9H 10D JH QC", "A": "2C 6D 9D KH 7C"},
                moves=["B drop", "A show 2C"])
    assert run(transcript(players=["A", "B", "C"], deals=[deal(**T9_DEAL1), deal(**good)])).exit_code == 0


def test_out_tier_is_eliminated_and_skipped_in_rotation():
    # D starts with 1.50 < 2s: out before deal 1, never dealt in, keeps his bankroll.
    report = run(transcript(players=["A", "B", "C", "D"], bankrolls={"A": "10", "B": "10", "C": "10", "D": "1.50"},
                            deals=[deal(**T9_DEAL1)]))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert "D" not in report.deals[0].data["net"]
    assert report.settlement["bankrolls"]["D"] == "1.50"


def test_join_and_leave_between_deals():
    second = dict(dealer="E", between=["leave B", "join E 10 after C"],  # E sits after C, so E deals next
                  hands={"A": "AH 2D 3H 4D 5H", "C": "8C 9H 10D JH QC", "E": "2C 6D 9D KH 7C"}, flip="7C",
                  moves=["A drop", "E show 2C"])
    report = run(transcript(players=["A", "B", "C"], deals=[deal(**T9_DEAL1), deal(**second)]))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert set(report.deals[1].data["net"]) == {"A", "C", "E"}
    assert report.settlement["bankrolls"]["B"] == "8.00"  # 7 after deal 1, plus his 1 in the unwon flop (GFF-12.18)
    bad = dict(second, between=["leave B", "join E 10 after C", "join A 10 after C"])
    assert where(run(transcript(players=["A", "B", "C"], deals=[deal(**T9_DEAL1), deal(**bad)]))) == \
        {(2, None, "GFF-14.6")}


def test_all_in_split_survives_option():
    hands = {"A": "AH 2D 3S 4C 2H", "B": "4D 5C 5D 6H 7S", "C": "AC AD 3H 3D 4S", "D": "2C 2S 3C AS 4H",
             "E": "8C 9D 10H JS QC"}
    moves = ["A show 4C", "A show 3S", "A drop", "C show AC"]
    rolls = {"A": "10", "B": "10", "C": "10", "D": "2", "E": "10"}  # D all in, shares the game pot
    on = run(one_deal(players="A B C D E", dealer="E", hands=hands, flip="QC", moves=moves, bankrolls=rolls))
    assert on.exit_code == 0, [f.to_data() for f in on.findings]
    assert on.deals[0].data["eliminated"] == []
    off = run(one_deal(players="A B C D E", dealer="E", hands=hands, flip="QC", moves=moves, bankrolls=rolls,
                       options={"all_in_split_survives": "off"}))
    assert off.deals[0].data["eliminated"] == ["D"]


def test_outcome_only_session_checked_and_trusted():
    deals = [
        deal(dealer="E", hands={}, flip="", ending={"type": "declaration", "declared": {"A": "49", "B": "50"},
                                                      "flip": "C", "flop": "E"}),
        deal(dealer="A", hands={}, flip="", ending={"type": "caught", "dropper": "A",
                                                      "totals": {"A": "12", "B": "27", "C": "12", "D": "12",
                                                                 "E": "47"}, "flip": "C", "flop": "D"}),
    ]
    report = run(transcript(players=list("ABCDE"), deals=deals))
    assert report.exit_code == 0, [f.to_data() for f in report.findings]
    assert column(report, "game", 1) == amounts(A="0.50", B="5.50", C="-2", D="-2", E="-2")
    assert column(report, "game", 2) == amounts(A="-2", B="-1", C="2", D="2", E="-1")
    data = report.deals[1].data
    assert data["outcome_only"] and "the hand totals" in data["trusted"]
    assert data["checked"]


def test_outcome_only_with_hands_checks_the_declaration():
    hands = {"A": "KS QH JD 10C 8S", "B": "KH KD KC QS JH", "C": "2C 5H 7D 8H 3H"}
    report = run(transcript(players=["A", "B", "C"], deals=[deal(dealer="C", hands=hands, flip="3H", ending={
        "type": "declaration", "declared": {"A": "49"}, "flip": "C", "flop": "none"})]))
    assert {f.rule for f in report.findings} == {"GFF-5.4"}  # A's five total 48


def test_outcome_only_ineligible_holder():
    report = run(transcript(players=["A", "B", "C"], bankrolls={"A": "10", "B": "3", "C": "10"},
                            deals=[deal(dealer="C", hands={}, flip="", ending={
                                "type": "out", "winner": "A", "flip": "A", "flop": "B"})]))
    assert {f.rule for f in report.findings} == {"GFF-6.7"}


def test_header_defects_stop_everything():
    text = transcript(players=["A", "B", "C"], deals=[deal(**T9_DEAL1)]).replace("first_dealer: C\n", "")
    report = run(text)
    assert {f.rule for f in report.findings} == {"GFF-14.1"}
    assert not report.deals[0].data["replayed"]
    two = run(transcript(players=["A", "B"], deals=[deal(dealer="B", hands={"A": "AH 2D 3H 4D 5H",
                                                                             "B": "2C 6D 9D KH 7C"},
                                                         flip="7C", moves=["A drop"])]))
    assert {f.rule for f in two.findings} == {"GFF-2.6"}


@pytest.mark.parametrize("bankrolls", [None, {"A": "10", "B": "10"}])
def test_missing_bankrolls_are_a_header_defect_not_a_crash(bankrolls):
    text = transcript(players=["A", "B", "C"], deals=[deal(**T9_DEAL1)], bankrolls=bankrolls or {"A": "10"})
    if bankrolls is None:
        text = "\n".join(line for line in text.splitlines() if not line.startswith("bankrolls:")) + "\n"
    report = run(text)
    assert {f.rule for f in report.findings} == {"GFF-14.1"}
    assert report.exit_code == 1
    assert not report.deals[0].data["replayed"]
    assert report.settlement.get("bankrolls") is None

def test_cents_needs_whole_cents():
    report = run(transcript(players=["A", "B", "C"], stake="1/3", deals=[deal(**T9_DEAL1)],
                            options={"split_rounding": "cents"}))
    assert {f.rule for f in report.findings} == {"GFF-10.9"}


def test_incomplete_moves_gff_14_3():
    report = run(one_deal(players="A B C", dealer="C", hands=T9_DEAL1["hands"], flip="7C",
                          moves=["A draw stock 2S"]))
    assert where(report) == {(1, 1, "GFF-14.3")}


def test_stock_end_at_draw_discard_is_gff_8_12():
    # 10 players leave a 2-card stock.
    players = "A B C D E F G H I J"
    cards = ["AS 2S 3S 4S 5S", "6S 7S 8S 9S 10S", "JS QS KS AH 2H", "3H 4H 5H 6H 7H", "8H 9H 10H JH QH",
             "KH AD 2D 3D 4D", "5D 6D 7D 8D 9D", "10D JD QD KD AC", "2C 3C 4C 5C 6C", "7C 8C 9C 10C JC"]
    hands = dict(zip(players.split(), cards))
    moves = ["A draw stock QC", "A discard 5S", "B draw stock KC", "B discard KC"]
    common = dict(players=players, dealer="J", hands=hands, flip="JC",
                  options={"max_players": "10", "flip_flop_show": "automatic"})
    assert run(one_deal(moves=moves, **common)).exit_code == 0
    at_draw = run(one_deal(moves=moves, **{**common, "options": {**common["options"], "stock_end": "at_draw"}}))
    assert where(at_draw) == {(1, 4, "GFF-8.12")}
    late = run(one_deal(moves=moves + ["C draw discard KC"], **common))
    assert where(late) == {(1, 5, "GFF-8.1"), (1, 5, "GFF-8.13")}


def test_no_shows_recorded_winners_derived():
    # A claim naming another winner is only compared (GFF-15.12, tests/gameflipflop/test_second_review.py).
    hands = {"A": "AH 2D 3H 4D 5H", "B": "8C 9H 10D JH QC", "C": "2C 6D 9D KH 7C"}
    derived = run(one_deal(players="A B C", dealer="C", hands=hands, flip="7C", moves=["A drop"]))
    pots = {p["pot"]: p for p in derived.deals[0].data["pots"]}
    assert pots["flip"]["winners"] == ["C"] and pots["flip"]["how"] == "derived"


def test_a_record_may_end_once_the_play_has_ended_but_not_before():
    # Cy's declaration ends the play; a record that stops there is complete: the windows left pass
    # unused (GFF-6.8) and with no show recorded flip and flop come from the dealt cards (GFF-15.8).
    # A record that stops while the play goes on cannot be settled (GFF-14.3, at its last move).
    hands = {"Cy": "KS JS JH 10H KC", "Ada": "5S 10D 6D 8C 7C", "Bo": "6S KD 2D QC 2C"}
    common = dict(players="Ada Bo Cy", dealer="Bo", hands=hands, flip="6S")
    ended = run(one_deal(moves=["Cy declare 50"], **common))
    assert ended.exit_code == 0 and ended.findings == () and ended.deals[0].settled
    pots = {p["pot"]: p for p in ended.deals[0].data["pots"]}
    assert (pots["flip"]["winners"], pots["flop"]["winners"]) == (["Ada"], ["Bo"])
    assert pots["flip"]["how"] == pots["flop"]["how"] == "derived"
    cut = run(one_deal(moves=["Cy draw stock 2S"], **common))
    assert where(cut) == {(1, 1, "GFF-14.3")} and not cut.deals[0].settled


def test_unlimited_bankrolls_everyone_full():
    report = run(transcript(players=["A", "B", "C"], bankrolls="unlimited", deals=[deal(**T9_DEAL1)]))
    assert report.exit_code == 0
    assert report.deals[0].data["tiers"] == {"A": "full", "B": "full", "C": "full"}
    assert nets(report)["A"]["total"] == Fraction(0)


def test_json_amounts_are_exact_strings():
    from referee.render import render_json
    import json

    data = json.loads(render_json([run(one_deal(
        players="A B C D", dealer="D", hands={"A": "AH 2S 3D 4C 5H", "B": "AS 2D 3C 4H 5S", "C": "AD 2C 3H 4S 5D",
                                              "D": "AC 2H 3S 4D 5C"}, flip="5C",
        moves=["A show 4C", "A show 2S", "A drop", "B show 3C", "B show AS", "C show 2C", "D show AC"]))]))
    net = data["reports"][0]["deals"][0]["net"]
    assert net["B"] == {"game": "2/3", "flip": "-1.00", "flop": "3.00", "total": "8/3"}
